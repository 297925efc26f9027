// Any other address under /admin, once signed in: the console's not-found view (anonymous
// visitors never get here: the layout sends them to sign-in first).
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404 });
}

export default function ConsoleNotFound() {
  return null;
}
