// The error boundary of a list route (spec point 8): the list's failure sentence in the error
// view, with a link that tries the same address again; a 404 is the not-found view as anywhere.
import { useLocation, useRouteError } from 'react-router';
import { listFailureMessage } from '../lib/list-failure.ts';
import { ErrorView } from './ErrorView.tsx';

export function ListFailureBoundary({ fallback }: { fallback: string }) {
  const error = useRouteError();
  const location = useLocation();
  const message = listFailureMessage(error, fallback);
  if (message === undefined) return <ErrorView />;
  return <ErrorView failure={{ message, retryHref: `${location.pathname}${location.search}` }} />;
}
