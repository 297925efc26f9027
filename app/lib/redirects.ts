// The permanent redirects of spec point 2, plus the observed singular /experience/{slug} link.
import { DESTINATION_SLUGS } from '../../common/constants.ts';

const SAFARI_COUNTRY_PAGES: Record<string, string> = {
  'rwanda-safaris': 'rwanda',
  'uganda-safaris': 'uganda',
  'kenya-safaris': 'kenya',
  'tanzania-safaris': 'tanzania',
  'drc-safaris': 'democratic-republic-of-congo',
};

/** Every fixed old address and where it now lives (keys are lower-case paths). */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/gorilla-trekking-tips': '/gorilla-tracking-tips',
  ...Object.fromEntries(DESTINATION_SLUGS.map((d) => [`/parks/top-tourist-attractions-in-${d}`, `/parks/in/${d}`])),
  ...Object.fromEntries(
    ['uganda', 'rwanda'].flatMap((c) => [
      [`/safaris/gorilla-tracking-safaris-in-${c}`, '/safaris/experiences/gorilla-trekking'],
      // The tips page links the same category with "trekking" in its name.
      [`/safaris/gorilla-trekking-safaris-in-${c}`, '/safaris/experiences/gorilla-trekking'],
      [`/safaris/chimpanzee-tracking-safaris-in-${c}`, '/safaris/experiences/chimpanzee-trekking'],
    ]),
  ),
  ...Object.fromEntries(Object.entries(SAFARI_COUNTRY_PAGES).map(([page, dest]) => [`/safaris/${page}`, `/safaris/in/${dest}`])),
};

/** Path segments as routes.ts declares them (the safari country pages keep their capitals). */
export const REDIRECT_ROUTE_PATHS: readonly string[] = Object.keys(REDIRECTS).map((p) => {
  const m = /^\/safaris\/(\w+)-safaris$/.exec(p);
  if (m) return `safaris/${m[1] === 'drc' ? 'drc' : m[1]![0]!.toUpperCase() + m[1]!.slice(1)}-Safaris`;
  return p.slice(1);
});

/** Where an old address goes, or null when it is not one. The query string is kept. */
export function redirectTarget(pathname: string, search = ''): string | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  const fixed = REDIRECTS[path];
  if (fixed) return fixed + search;
  const single = /^\/experience\/([^/]+)$/.exec(pathname.replace(/\/+$/, ''));
  if (single) return `/experiences/${single[1]}${search}`;
  return null;
}
