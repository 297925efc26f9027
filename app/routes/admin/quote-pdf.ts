// /admin/quotes/:id/quote.pdf: the PDF of a quote's latest version, passed on from the console API, never kept.
import { adminFile } from '../../lib/admin.ts';
import type { Route } from './+types/quote-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminFile(context, request, `/quotes/${encodeURIComponent(params.id)}/quote.pdf`);
}
