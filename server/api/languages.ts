// The public API in a language: GET /api/<lang>/<English address's API path> (/api/de/safaris/x,
// /api/fr/parks?page=2). German, French and Spanish answers are the English answer with the
// translated items' texts and the untranslated items left out (server/content/translated-answers.ts);
// an untranslated item's own answer is a 404, and so is its English slug where it has a
// translated one (its page redirects). Every answer with page metadata names the addresses of
// the languages it exists in (`alternates`), /api/en/… too, so an English page names only those;
// /api/en/seo/sitemap lists each address's alternates. The plain English answers (/api/…) are
// unchanged. The pages read these when several languages are served (server/web.ts).
import type { Context, MiddlewareHandler } from 'hono';
import { isLanguage } from '../../common/languages.ts';
import { addressesIn, allCatalogues, englishAddress, LEFT_OUT, translateAnswer, type Catalogue } from '../content/translated-answers.ts';
import { deps, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';
import { JSON_TYPE } from './cache.ts';

const LANGUAGE_PATH = /^\/([a-z]{2})(\/.*)?$/;
/**
 * The answers made in the language itself, asked with ?language=: a search is made in the
 * language's own documents (server/api/search.ts); a departure's booking answer names its safari
 * and gives its terms in the language (server/api/departures.ts).
 */
const MADE_IN_LANGUAGE = [/^\/search$/, /^\/departures\/\d+$/];

function sitemapWithAlternates(body: { urls?: { loc: string }[] }, catalogues: Catalogue[]) {
  const urls = (body.urls ?? []).map((u) => {
    const url = new URL(u.loc);
    return { ...u, alternates: addressesIn(url.pathname, catalogues) };
  });
  return { ...body, urls };
}

type Forward = (request: Request, env: unknown) => Promise<Response>;

/** Answers /<lang>/… by asking the API for the English answer (`forward`) and translating it. */
export function languageAnswers(basePath: string, forward: Forward): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const m = LANGUAGE_PATH.exec(c.req.path.slice(basePath.length));
    if (!m || !isLanguage(m[1])) return next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') throw new HttpError(405, 'Only GET reads an answer in a language', { allow: 'GET, HEAD' });
    const language = m[1];
    const rest = m[2] ?? '/';
    const catalogues = await allCatalogues(deps(c).db);
    const own = catalogues.find((k) => k.language === language);
    const english = own ? englishAddress(rest.replace(/\/+$/, '') || '/', own) : rest;
    if (english === null) throw new HttpError(404, 'Not found in this language');
    const url = new URL(c.req.url);
    if (MADE_IN_LANGUAGE.some((p) => p.test(english))) url.searchParams.set('language', language);
    // The English answer is read here, so it is asked for plain (not compressed, not a 304 for the
    // client's copy of another answer); the translated answer is compressed on its way out.
    const headers = new Headers(c.req.raw.headers);
    for (const h of ['accept-encoding', 'if-none-match', 'if-modified-since']) headers.delete(h);
    const res = await forward(new Request(`${url.origin}${basePath}${english}${url.search}`, { headers }), c.env);
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return res;
    return translated(c, res, { english, own, catalogues });
  };
}

async function translated(c: Context<ApiEnv>, res: Response, at: { english: string; own: Catalogue | undefined; catalogues: Catalogue[] }): Promise<Response> {
  let body: unknown = await res.json();
  if (at.own) body = translateAnswer(body, at.english, at.own);
  if (body === LEFT_OUT) throw new HttpError(404, 'Not found in this language');
  if (at.english === '/seo/sitemap') body = sitemapWithAlternates(body as { urls?: { loc: string }[] }, at.catalogues);
  else if (body && typeof body === 'object' && 'pageUrl' in body) body = { ...body, alternates: addressesIn(at.english, at.catalogues) };
  return c.body(JSON.stringify(body), 200, { 'content-type': JSON_TYPE, 'cache-control': res.headers.get('cache-control') ?? 'no-store' });
}
