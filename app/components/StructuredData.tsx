// Site-wide head elements derived from the page's data: the schema.org JSON-LD graph (the
// operator, the site with its search action, and what the page is about), and a robots
// noindex tag when the site runs on a non-public address (localhost, *.test, *.example...).
// Rendered once in the root layout; it reads the matched routes' loader data (the API answers).
import { useMatches } from 'react-router';
import { isPublicSiteUrl } from '../../common/seo.ts';
import { jsonLdScript, pageGraph, routeKind } from '../lib/seo/jsonld.ts';

type Data = Record<string, unknown> & { pageUrl?: string };

export function StructuredData() {
  const matches = useMatches();
  // The deepest route whose data carries page metadata describes the page.
  let leaf: { id: string; data: Data } | null = null;
  for (let i = matches.length - 1; i >= 0; i--) {
    const m = matches[i]!;
    const data = (m.loaderData ?? (m as { data?: unknown }).data) as Data | undefined;
    if (data && typeof data === 'object' && typeof data.pageUrl === 'string') {
      leaf = { id: m.id, data };
      break;
    }
  }
  if (!leaf) return null;
  const graph = pageGraph(routeKind(leaf.id), leaf.data);
  return (
    <>
      {!isPublicSiteUrl(leaf.data.pageUrl) && <meta name="robots" content="noindex, nofollow" />}
      {graph && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(graph) }} />}
    </>
  );
}
