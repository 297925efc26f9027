// The view a visitor over their budget of requests gets (HTTP 429, server/spam/budget.ts): the
// error view of the site's design, with header and footer. The server renders it once and sends
// it with a Retry-After to every refused request (server/web.ts), in the language of the address
// refused (/de/zu-viele-anfragen for a German page).
import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 429 });
}

export default function TooManyRequests() {
  return null;
}
