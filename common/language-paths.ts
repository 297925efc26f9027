// The site's addresses in each language: the translated words of the public routes, and the
// functions from an English address to another language's and back (the registry of languages is
// common/languages.ts). A module of its own, so that a page in English on an English-only site
// loads none of it (app/lib/languages.ts loads it in the browser when a page needs it). Isomorphic.
import { DEFAULT_LANGUAGE, LANGUAGES, splitLanguage, type Language } from './languages.ts';
import { aboutPath } from './site.ts';

/**
 * The words of the public addresses that are translated, English first. A word is translated
 * only where it is a word of the route (see localizedSegments), never inside a slug or a file name.
 */
const PATH_WORDS: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<string, string>>>> = {
  de: {
    safaris: 'safaris',
    destinations: 'reiseziele',
    parks: 'nationalparks',
    lodges: 'unterkuenfte',
    experiences: 'erlebnisse',
    blogs: 'reiseblog',
    animals: 'tiere',
    birds: 'voegel',
    guides: 'guides',
    vehicles: 'fahrzeuge',
    in: 'in',
    departures: 'termine',
    'contact-us': 'kontakt',
    'plan-a-safari': 'safari-planen',
    'gorilla-tracking-tips': 'tipps-gorilla-tracking',
    'frequently-asked-questions': 'haeufige-fragen',
    'terms-and-conditions': 'agb',
    'privacy-policy': 'datenschutz',
    'travel-advice': 'reisehinweise',
    'our-impact': 'unsere-wirkung',
    'our-conservation-promise': 'unser-naturschutzversprechen',
    'why-book-with-us': 'warum-mit-uns',
    'sustainability-and-environmental-conservation': 'nachhaltigkeit-und-naturschutz',
    search: 'suche',
    'too-many-requests': 'zu-viele-anfragen',
    enquiry: 'anfrage',
    review: 'bewertung',
    newsletter: 'newsletter',
    confirm: 'bestaetigen',
    unsubscribe: 'abmelden',
    [aboutPath.slice(1)]: 'ueber-kigezi-trails',
  },
  fr: {
    safaris: 'safaris',
    destinations: 'destinations',
    parks: 'parcs',
    lodges: 'hebergements',
    experiences: 'experiences',
    blogs: 'blog',
    animals: 'animaux',
    birds: 'oiseaux',
    guides: 'guides',
    vehicles: 'vehicules',
    in: 'en',
    departures: 'departs',
    'contact-us': 'contact',
    'plan-a-safari': 'organiser-un-safari',
    'gorilla-tracking-tips': 'conseils-trek-gorilles',
    'frequently-asked-questions': 'questions-frequentes',
    'terms-and-conditions': 'conditions-generales',
    'privacy-policy': 'confidentialite',
    'travel-advice': 'conseils-aux-voyageurs',
    'our-impact': 'notre-impact',
    'our-conservation-promise': 'notre-engagement-pour-la-nature',
    'why-book-with-us': 'pourquoi-reserver-avec-nous',
    'sustainability-and-environmental-conservation': 'durabilite-et-protection-de-la-nature',
    search: 'recherche',
    'too-many-requests': 'trop-de-requetes',
    enquiry: 'demande',
    review: 'avis',
    newsletter: 'newsletter',
    confirm: 'confirmer',
    unsubscribe: 'desinscription',
    [aboutPath.slice(1)]: 'a-propos-de-kigezi-trails',
  },
  es: {
    safaris: 'safaris',
    destinations: 'destinos',
    parks: 'parques',
    lodges: 'alojamientos',
    experiences: 'experiencias',
    blogs: 'blog',
    animals: 'animales',
    birds: 'aves',
    guides: 'guias',
    vehicles: 'vehiculos',
    in: 'en',
    departures: 'salidas',
    'contact-us': 'contacto',
    'plan-a-safari': 'planificar-un-safari',
    'gorilla-tracking-tips': 'consejos-trekking-gorilas',
    'frequently-asked-questions': 'preguntas-frecuentes',
    'terms-and-conditions': 'terminos-y-condiciones',
    'privacy-policy': 'privacidad',
    'travel-advice': 'consejos-de-viaje',
    'our-impact': 'nuestro-impacto',
    'our-conservation-promise': 'nuestro-compromiso-con-la-conservacion',
    'why-book-with-us': 'por-que-reservar-con-nosotros',
    'sustainability-and-environmental-conservation': 'sostenibilidad-y-conservacion',
    search: 'buscar',
    'too-many-requests': 'demasiadas-solicitudes',
    enquiry: 'consulta',
    review: 'opinion',
    newsletter: 'boletin',
    confirm: 'confirmar',
    unsubscribe: 'baja',
    [aboutPath.slice(1)]: 'sobre-kigezi-trails',
  },
};

/** The reverse tables, made once. */
const ENGLISH_WORDS = Object.fromEntries(Object.entries(PATH_WORDS).map(([lang, words]) => [lang, Object.fromEntries(Object.entries(words).map(([en, local]) => [local, en]))])) as Record<
  Exclude<Language, 'en'>,
  Record<string, string>
>;

/** Words of a route after its first: the lists by country, the departures, the newsletter's steps. */
const INNER_WORDS = new Set(['in', 'experiences', 'departures', 'confirm', 'unsubscribe']);

/** Whether the segment at this place of a path is a route word (the first, or a known inner word). */
function isRouteWord(index: number, englishWord: string): boolean {
  return index === 0 || (index >= 1 && INNER_WORDS.has(englishWord));
}

function mapSegments(path: string, map: (segment: string, index: number) => string): string {
  const [pathname, query = ''] = splitQuery(path);
  const segments = pathname.split('/').slice(1);
  const out = segments.map((s, i) => (s === '' ? s : map(s, i)));
  return `/${out.join('/')}${query}`;
}

function splitQuery(path: string): [string, string] {
  const at = path.search(/[?#]/);
  return at < 0 ? [path, ''] : [path.slice(0, at), path.slice(at)];
}

/**
 * An English address (or a route pattern such as `parks/in/:slug`, with or without its leading
 * slash) in another language: `/parks/in/uganda` → `/fr/parcs/en/uganda`. English returns it as given.
 */
export function localizePath(englishPath: string, language: Language): string {
  if (language === 'en') return englishPath;
  const words = PATH_WORDS[language];
  const leading = englishPath.startsWith('/');
  const translated = mapSegments(leading ? englishPath : `/${englishPath}`, (s, i) => (isRouteWord(i, s) ? (words[s] ?? s) : s));
  const prefixed = translated === '/' ? `${LANGUAGES[language].prefix}/` : `${LANGUAGES[language].prefix}${translated}`;
  return leading ? prefixed : prefixed.slice(1);
}

/** The English address of an address in any language: `/de/nationalparks/bwindi` → `/parks/bwindi`. */
export function englishPath(path: string): string {
  const { language, rest } = splitLanguage(path);
  if (language === 'en') return path;
  const words = ENGLISH_WORDS[language];
  return mapSegments(rest, (s, i) => {
    const english = words[s];
    return english !== undefined && isRouteWord(i, english) ? english : s;
  });
}

/** The same page in another language: through its English address. */
export function translatePath(path: string, language: Language): string {
  return localizePath(englishPath(path), language);
}

/** An absolute English address in a language: its path translated, its query kept. */
export function urlIn(englishUrl: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return englishUrl;
  const url = new URL(englishUrl);
  url.pathname = localizePath(url.pathname, language);
  return url.toString();
}
