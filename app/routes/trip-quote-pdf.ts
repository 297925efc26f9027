// GET /trip/:token/quote.pdf — the quote the traveller's private link opens, as a PDF (its latest
// sent version), passed on from the API: private as the page (no-store, noindex, no Referer).
import { TRIP_PAGE_HEADERS } from '../../common/trip-page.ts';
import { apiContext } from '../context.ts';
import { fileNotFound } from '../lib/resource.server.ts';
import type { Route } from './+types/trip-quote-pdf';

export async function loader({ context, params }: Route.LoaderArgs) {
  const res = await context.get(apiContext).fetch(`/trip/${encodeURIComponent(params.token)}/quote.pdf`, { headers: { accept: 'application/pdf' } });
  if (res.status === 429) return new Response('Too many attempts.\n', { status: 429, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...TRIP_PAGE_HEADERS } });
  if (res.status === 404) return fileNotFound('quote');
  if (!res.ok)
    throw new Response('The quote cannot be made just now. Please try again in a moment.\n', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...TRIP_PAGE_HEADERS } });
  return new Response(res.body, {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': res.headers.get('content-disposition') ?? 'inline', ...TRIP_PAGE_HEADERS },
  });
}
