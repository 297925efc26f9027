// Site-wide head elements derived from the page's data: the schema.org JSON-LD graph (the
// operator, the site with its search action, and what the page is about), and a robots
// noindex tag when the site runs on a non-public address (localhost, *.test, *.example...).
// Rendered once in the root layout. The code that builds them (lib/seo/jsonld.ts) is not in the
// browser's first load: the server computes them (entry.server.tsx provides them below), the
// browser hydrates the server's elements as they are, and loads that code on the first client
// navigation to describe the new page from the matched routes' loader data.
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useLocation, useMatches } from 'react-router';

type JsonLdModule = typeof import('../lib/seo/jsonld.ts');
export type HeadData = { noindex: boolean; jsonLd: string | null } | null;

/** The server render's head data (see entry.server.tsx); not provided in the browser. */
export const ServerHeadData = createContext<HeadData | undefined>(undefined);

let loaded: JsonLdModule | undefined;

/** The elements the server rendered into the head, read back for hydration. */
function fromDocument(): HeadData {
  const script = document.head.querySelector('script[type="application/ld+json"]');
  const noindex = document.head.querySelector('meta[name="robots"][content="noindex, nofollow"]') !== null;
  return script || noindex ? { noindex, jsonLd: script?.textContent ?? null } : null;
}

export function StructuredData() {
  const fromServer = useContext(ServerHeadData);
  const matches = useMatches();
  const location = useLocation();
  const [lib, setLib] = useState(loaded);
  const [initial] = useState<HeadData>(() => (fromServer !== undefined ? fromServer : lib ? null : fromDocument()));
  const firstKey = useRef(location.key);

  useEffect(() => {
    if (lib || location.key === firstKey.current) return;
    void import('../lib/seo/jsonld.ts').then((m) => {
      loaded = m;
      setLib(m);
    });
  }, [lib, location.key]);

  const head = fromServer !== undefined ? fromServer : lib ? lib.headData(matches) : initial;
  if (!head) return null;
  return (
    <>
      {head.noindex && <meta name="robots" content="noindex, nofollow" />}
      {head.jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />}
    </>
  );
}
