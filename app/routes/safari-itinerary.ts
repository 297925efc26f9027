// GET /safaris/:slug/itinerary.pdf (and /de/safaris/:slug/itinerary.pdf…) — the printable itinerary (app/lib/itinerary-pdf.server.ts),
// made on the server from the safari's API answer and kept in the page cache per content version,
// so it is drawn once per safari and content change.
import type { SafariResponse } from '../../common/api-types.ts';
import { languageOfPath } from '../../common/languages.ts';
import { cachedPage } from '../lib/cache-policy.ts';
import { itineraryPdf } from '../lib/itinerary-pdf.server.ts';
import { apiOrNull, fileNotFound, fileResponse } from '../lib/resource.server.ts';
import type { Route } from './+types/safari-itinerary';

export const handle = cachedPage;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const data = await apiOrNull<SafariResponse>(context, `/safaris/${encodeURIComponent(params.slug)}`);
  if (!data) return fileNotFound('itinerary');
  // The answer is in the page's language (server/web.ts reads the API in it); so are the PDF's labels.
  const pdf = await itineraryPdf(data, languageOfPath(new URL(request.url).pathname));
  const slug = data.safari.safarititleslug;
  return fileResponse(pdf as Uint8Array<ArrayBuffer>, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${slug}-itinerary.pdf"`,
    // The page is the one to find in a search; the PDF is its printable copy.
    'X-Robots-Tag': 'noindex',
  });
}
