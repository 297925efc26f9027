// One builder for every page's <head>: title, description, keywords, canonical link, Open Graph
// and Twitter tags, all from the API's page metadata (spec point 2, common page pattern).
import type { MetaDescriptor } from 'react-router';
import type { PageMeta } from '../../common/api-types.ts';
import { SITE_SHARE_IMAGE, shareImagePath } from '../../common/media.ts';
import { site } from '../../common/site.ts';
import { languageLinks, urlIn } from './languages.ts';
import { DEFAULT_LANGUAGE, languageOfPath, type Language } from '../../common/languages.ts';
import { i18nFor } from '../i18n/index.ts';

export interface MetaOptions {
  /** An API-relative image path (e.g. "images/parks/bwindi.jpg") for og:image. */
  image?: string | null;
  imageAlt?: string | null;
  type?: 'website' | 'article';
}

/** Where the page is: its address (its language) and the matched routes (the languages served). */
export interface MetaPlace {
  location: { pathname: string };
  matches: readonly unknown[];
}

/**
 * Absolute URL of the 1200x630 share picture for a page, on the origin of its canonical address:
 * the share crop the image pipeline makes of the page's header image, or the site-wide one.
 */
export function absoluteImage(pageUrl: string, image: string | null | undefined): string {
  let origin = '';
  try {
    origin = new URL(pageUrl).origin;
  } catch {
    origin = '';
  }
  if (image && /^https?:\/\//.test(image)) return image;
  const path = image && /\.jpg$/.test(image) ? shareImagePath(image.replace(/^\/+/, '')) : SITE_SHARE_IMAGE;
  return `${origin}/api/${path}`;
}

/** The page's own address: later pages of a list are pages of their own (?page=N). */
export function canonicalUrl(page: PageMeta & { page?: unknown }): string {
  const n = page.page;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 1) return page.pageUrl;
  const url = new URL(page.pageUrl);
  url.searchParams.set('page', String(n));
  return url.toString();
}

function fullTitle(title: string): string {
  return title.includes(site.name) ? title : `${title} | ${site.name}`;
}

export function buildMeta(page: PageMeta | undefined | null, opts: MetaOptions = {}, at?: MetaPlace): MetaDescriptor[] {
  if (!page) return notFoundMeta(404, at ? languageOfPath(at.location.pathname) : DEFAULT_LANGUAGE);
  const title = fullTitle(page.title);
  const image = absoluteImage(page.pageUrl, opts.image);
  const url = at ? urlIn(canonicalUrl(page), languageOfPath(at.location.pathname)) : canonicalUrl(page);
  const links = at ? languageLinks(canonicalUrl(page), at.location.pathname, at.matches, page.alternates) : [{ tagName: 'link', rel: 'canonical', href: url }];
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: page.pageDescription },
    { name: 'keywords', content: page.pageKeywords },
    ...links,
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.pageDescription },
    { property: 'og:url', content: url },
    { property: 'og:type', content: opts.type ?? 'website' },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: page.pageDescription },
    { name: 'twitter:image', content: image },
  ];
  if (opts.imageAlt) {
    tags.push({ property: 'og:image:alt', content: opts.imageAlt }, { name: 'twitter:image:alt', content: opts.imageAlt });
  }
  return tags;
}

/** The head of the not-found and error views, titled in the page's language. */
export function notFoundMeta(status = 404, language: Language = DEFAULT_LANGUAGE): MetaDescriptor[] {
  const said = status === 404 || status === 429 ? String(status) : 'other';
  return [{ title: `${i18nFor(language)._('error.pageTitle', { status: said })} | ${site.name}` }, { name: 'robots', content: 'noindex' }];
}
