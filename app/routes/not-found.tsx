import { data } from 'react-router';

export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <main>
      <h1>Ooops!</h1>
      <p>Error: 404 Page</p>
    </main>
  );
}
