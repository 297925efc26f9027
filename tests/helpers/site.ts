// Shared knowledge for the end-to-end tests: reading server-rendered HTML without a browser, and
// the list of every route of the route table (spec point 2) with real slugs read from the API.
import { PAGE_SIZE } from '../../common/constants.ts';
import { contentTypeInfo } from '../../common/content-types.ts';
import { aboutPath, site } from '../../common/site.ts';

export type Json = Record<string, any>;

export async function getJson<T = Json>(base: string, apiPath: string): Promise<T> {
  const res = await fetch(`${base}/api${apiPath}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET /api${apiPath} answered ${res.status}`);
  return (await res.json()) as T;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', rsquo: '’', lsquo: '‘', ldquo: '“', rdquo: '”', hellip: '…' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ENTITIES[e.toLowerCase()] ?? whole;
  });
}

function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** The visible text of an HTML fragment: scripts and styles dropped, tags removed, entities decoded. */
export function htmlText(html: string): string {
  const noCode = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ');
  return squash(decodeEntities(noCode.replace(/<[^>]+>/g, ' ')));
}

function attr(tag: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}=("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return m ? decodeEntities(m[2] ?? m[3] ?? '') : undefined;
}

export interface Head {
  title: string | undefined;
  canonical: string | undefined;
  /** name= and property= meta tags, by their name. */
  meta: Record<string, string>;
}

export function readHead(html: string): Head {
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(head)?.[1];
  const meta: Record<string, string> = {};
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const key = attr(tag, 'name') ?? attr(tag, 'property');
    const content = attr(tag, 'content');
    if (key && content !== undefined) meta[key] = content;
  }
  let canonical: string | undefined;
  for (const tag of head.match(/<link\b[^>]*>/gi) ?? []) if (attr(tag, 'rel') === 'canonical') canonical = attr(tag, 'href');
  return { title: title === undefined ? undefined : squash(decodeEntities(title)), canonical, meta };
}

/** The text of every <h1> in the body. */
export function headings1(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map((m) => htmlText(m[1]!));
}

/** The text of the main landmark. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1];
  return htmlText(main ?? '');
}

/** Plain text of the first paragraph of an HTML field, cut to n characters on a word boundary. */
function snippet(html: string, n = 60): string {
  const first = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1] ?? html;
  const text = htmlText(first);
  if (text.length <= n) return text;
  return text.slice(0, text.lastIndexOf(' ', n));
}

function dayLabel(n: number): string {
  return `${n} ${n === 1 ? 'Day' : 'Days'}`;
}

/** One route of the table, with what its server-rendered HTML must show. */
export interface RouteCase {
  /** Template name (one per screen). */
  template: string;
  path: string;
  /** The API path that answers this page's metadata. */
  apiPath: string;
  /** Expected <h1> text (exact, whitespace-collapsed), or null when the screen's hero has its own wording. */
  h1: string | null;
  /** Texts that must appear in the main content. */
  texts: string[];
}

const ABOUT = aboutPath;

function pageQuery(page: number) {
  return page > 1 ? `?page=${page}` : '';
}

/** Every route of the route table with real slugs, including the second page of every list with 2+ pages. */
export async function siteRoutes(base: string): Promise<RouteCase[]> {
  const out: RouteCase[] = [];
  const add = (c: RouteCase) => out.push(c);

  const home = await getJson(base, '/');
  add({ template: 'home', path: '/', apiPath: '/', h1: null, texts: [home.safaris[0].safarititle, home.parks[0].parktitle, home.blogs[0].blogtitle, home.faqs[0].question] });

  const about = await getJson(base, ABOUT);
  add({ template: 'about', path: ABOUT, apiPath: ABOUT, h1: about.title, texts: [`${dayLabel(about.safaris[0].safariday)} ${about.safaris[0].safarititle}`, about.blogs[0].blogtitle] });

  const tips = await getJson(base, '/gorilla-tracking-tips');
  add({ template: 'gorilla-tips', path: '/gorilla-tracking-tips', apiPath: '/gorilla-tracking-tips', h1: tips.title, texts: [tips.gorillasafaris[0].safarititle, 'View more'] });

  for (const p of ['/terms-and-conditions', '/privacy-policy', '/travel-advice', '/our-impact', '/our-conservation-promise']) {
    const j = await getJson(base, p);
    add({ template: `static-page:${p.slice(1)}`, path: p, apiPath: p, h1: j.title, texts: [] });
  }
  for (const p of ['/why-book-with-us', '/sustainability-and-environmental-conservation']) {
    const j = await getJson(base, p);
    add({ template: p.slice(1), path: p, apiPath: p, h1: j.title, texts: [j.safaris[0].safarititle, j.blogs[0].blogtitle] });
  }
  const faq = await getJson(base, '/frequently-asked-questions');
  add({ template: 'faq', path: '/frequently-asked-questions', apiPath: '/frequently-asked-questions', h1: faq.title, texts: faq.faqs.slice(0, 5).map((f: Json) => f.question) });

  for (const p of ['/contact-us', '/plan-a-safari']) {
    const j = await getJson(base, p);
    add({ template: p.slice(1), path: p, apiPath: p, h1: j.title, texts: [] });
  }

  // Destinations.
  const dests = await getJson(base, '/destinations');
  add({ template: 'destinations', path: '/destinations', apiPath: '/destinations', h1: dests.title, texts: dests.destinations.map((d: Json) => d.destinationtitle) });
  const destSlugs: string[] = dests.destinations.map((d: Json) => d.destinationtitleslug);
  const dest = await getJson(base, `/destinations/${destSlugs[0]}`);
  add({
    template: 'destination',
    path: `/destinations/${destSlugs[0]}`,
    apiPath: `/destinations/${destSlugs[0]}`,
    h1: dest.destination.destinationtitle,
    texts: [snippet(dest.destination.destinationparagraph)],
  });

  // Paginated lists: page 1 and page 2 when there is one.
  const lists: { template: string; path: string; size: number; key: string; title: string }[] = [
    { template: 'parks', path: '/parks', size: PAGE_SIZE.parks, key: 'parks', title: 'parktitle' },
    { template: 'lodges', path: '/lodges', size: PAGE_SIZE.lodges, key: 'lodges', title: 'lodgetitle' },
    { template: 'animals', path: '/animals', size: PAGE_SIZE.animals, key: 'animals', title: 'animaltitle' },
    { template: 'birds', path: '/birds', size: PAGE_SIZE.birds, key: 'birds', title: 'birdtitle' },
    { template: 'blogs', path: '/blogs', size: PAGE_SIZE.blogs, key: 'blogs', title: 'blogtitle' },
    { template: 'experiences', path: '/experiences', size: PAGE_SIZE.experiences, key: 'experiences', title: 'experiencetitle' },
    { template: 'guides', path: '/guides', size: contentTypeInfo('guides')!.page!.pageSize!, key: 'guides', title: 'guidetitle' },
  ];
  const firstSlug: Record<string, string> = {};
  for (const l of lists) {
    const p1 = await getJson(base, `${l.path}?page=1&limit=${l.size}`);
    firstSlug[l.key] = p1[l.key][0][`${l.title}slug`];
    for (let page = 1; page <= Math.min(2, p1.totalPages); page++) {
      const j = page === 1 ? p1 : await getJson(base, `${l.path}?page=${page}&limit=${l.size}`);
      add({ template: l.template, path: l.path + pageQuery(page), apiPath: `${l.path}?page=${page}&limit=${l.size}`, h1: j.title, texts: j[l.key].map((x: Json) => x[l.title]) });
    }
  }

  // An item of each paged type: its title, the start of its text and what else its page shows.
  const details: [template: string, list: string, paragraph: string, more: (j: Json) => string[]][] = [
    ['park', 'parks', 'parkoverview', () => []],
    ['lodge', 'lodges', 'lodgeparagraph', () => ['What it offers']],
    ['animal', 'animals', 'animalparagraph', () => ['Other animals']],
    ['bird', 'birds', 'birdoverview', () => []],
    ['blog', 'blogs', 'blogparagraph', () => []],
    ['guide', 'guides', 'guideparagraph', (j) => [j.guide.guiderole]],
    ['experience', 'experiences', 'experienceparagraph', (j) => j.relatedSafaris.slice(0, 3).map((s: Json) => s.safarititle)],
  ];
  for (const [template, list, paragraph, more] of details) {
    const itemPath = `/${list}/${firstSlug[list]}`;
    const j = await getJson(base, itemPath);
    add({ template, path: itemPath, apiPath: itemPath, h1: j[template][`${template}title`], texts: [snippet(j[template][paragraph]), ...more(j)] });
  }

  // By-country and by-experience lists (the country with the most entries, so page 2 exists when any does).
  for (const [template, prefix, size, key, title, heading] of [
    ['parks-in', '/parks/in', PAGE_SIZE.parksByCountry, 'parks', 'parktitle', (j: Json) => `Destinations in ${j.destinationTitle}`],
    ['safaris-in', '/safaris/in', PAGE_SIZE.safarisByCountry, 'safaris', 'safarititle', (j: Json) => j.title],
    ['experiences-in', '/experiences/in', PAGE_SIZE.experiencesByCountry, 'experiences', 'experiencetitle', (j: Json) => `Experiences in ${j.destinationTitle}`],
  ] as const) {
    // The country with the most pages, so that page 2 is covered when any country has one.
    let chosen = destSlugs[0]!;
    let p1: Json = await getJson(base, `${prefix}/${chosen}?page=1&limit=${size}`);
    for (const slug of destSlugs.slice(1)) {
      if ((p1.totalPages ?? 1) >= 2) break;
      const j = await getJson(base, `${prefix}/${slug}?page=1&limit=${size}`);
      if ((j.totalPages ?? 1) > (p1.totalPages ?? 1)) [chosen, p1] = [slug, j];
    }
    for (let page = 1; page <= Math.min(2, p1.totalPages ?? 1); page++) {
      const j = page === 1 ? p1 : await getJson(base, `${prefix}/${chosen}?page=${page}&limit=${size}`);
      add({ template, path: `${prefix}/${chosen}${pageQuery(page)}`, apiPath: `${prefix}/${chosen}?page=${page}&limit=${size}`, h1: heading(j), texts: j[key].map((x: Json) => x[title]) });
    }
  }

  // Safaris: the whole list (sorted on days, 12 a page), a detail, and the by-experience list.
  const all = await getJson(base, '/safaris');
  const sorted = [...all.allsafaris].sort((a: Json, b: Json) => a.safariday - b.safariday);
  const safariPages = Math.ceil(sorted.length / PAGE_SIZE.safaris);
  for (let page = 1; page <= Math.min(2, safariPages); page++) {
    add({ template: 'safaris', path: `/safaris${pageQuery(page)}`, apiPath: '/safaris', h1: all.title, texts: [] });
  }
  const detailSlug = sorted.find((s: Json) => s.safariday >= 3)?.safarititleslug ?? sorted[0].safarititleslug;
  const safari = await getJson(base, `/safaris/${detailSlug}`);
  add({
    template: 'safari',
    path: `/safaris/${detailSlug}`,
    apiPath: `/safaris/${detailSlug}`,
    h1: `${safari.safari.safariday} Day ${safari.safari.safarititle}`,
    texts: ['Includes', 'Excludes', 'Detailed Itinerary', 'Get a free quote', ...safari.safaridays.map((d: Json) => d.title)],
  });
  const byExp = await getJson(base, '/safaris/experiences/gorilla-trekking?page=1&limit=9');
  for (let page = 1; page <= Math.min(2, byExp.totalPages); page++) {
    const j = page === 1 ? byExp : await getJson(base, `/safaris/experiences/gorilla-trekking?page=${page}&limit=9`);
    add({
      template: 'safaris-experience',
      path: `/safaris/experiences/gorilla-trekking${pageQuery(page)}`,
      apiPath: `/safaris/experiences/gorilla-trekking?page=${page}&limit=9`,
      h1: `${j.experienceTitle} Safaris`,
      texts: j.safaris.map((s: Json) => s.safarititle),
    });
  }

  add({ template: 'search', path: '/search?query=gorilla', apiPath: '/search?query=gorilla', h1: null, texts: [] });
  return out;
}

/** One of each template (the first route of each), for checks that need a page per screen. */
export function onePerTemplate(routes: RouteCase[]): RouteCase[] {
  const seen = new Set<string>();
  return routes.filter((r) => (seen.has(r.template) ? false : (seen.add(r.template), true)));
}

/** The redirects of spec point 2 (plus the singular /experience/{slug}) and where they must land. */
export function redirectCases(experienceSlug: string): [from: string, to: string][] {
  const countries = ['uganda', 'rwanda', 'kenya', 'tanzania', 'democratic-republic-of-congo'];
  return [
    ['/gorilla-trekking-tips', '/gorilla-tracking-tips'],
    ...countries.map((c) => [`/parks/top-tourist-attractions-in-${c}`, `/parks/in/${c}`] as [string, string]),
    ['/safaris/gorilla-tracking-safaris-in-uganda', '/safaris/experiences/gorilla-trekking'],
    ['/safaris/gorilla-tracking-safaris-in-rwanda', '/safaris/experiences/gorilla-trekking'],
    ['/safaris/chimpanzee-tracking-safaris-in-uganda', '/safaris/experiences/chimpanzee-trekking'],
    ['/safaris/chimpanzee-tracking-safaris-in-rwanda', '/safaris/experiences/chimpanzee-trekking'],
    ['/safaris/Rwanda-Safaris', '/safaris/in/rwanda'],
    ['/safaris/Uganda-Safaris', '/safaris/in/uganda'],
    ['/safaris/Kenya-Safaris', '/safaris/in/kenya'],
    ['/safaris/Tanzania-Safaris', '/safaris/in/tanzania'],
    ['/safaris/drc-Safaris', '/safaris/in/democratic-republic-of-congo'],
    [`/experience/${experienceSlug}`, `/experiences/${experienceSlug}`],
  ];
}

export const WHATSAPP_HREF = site.whatsappHref;
