// The error boundary of a list route (spec point 8): the list's failure sentence in the error
// view, with a link that tries the same address again; a 404 is the not-found view as anywhere.
import { useLocation, useRouteError } from 'react-router';
import { listFailureMessage, SAFARI_LIST_FAILURE } from '../lib/list-failure.ts';
import { useT } from '../i18n/pages.ts';
import { ErrorView } from './ErrorView.tsx';

export function ListFailureBoundary({ fallback }: { fallback: string }) {
  const error = useRouteError();
  const location = useLocation();
  const t = useT();
  const message = listFailureMessage(error, fallback);
  if (message === undefined) return <ErrorView />;
  // The spec's English sentence, said in the page's language (the server's own words as given).
  const said = message === SAFARI_LIST_FAILURE ? t('listFailure.safaris') : message;
  return <ErrorView failure={{ message: said, retryHref: `${location.pathname}${location.search}` }} />;
}
