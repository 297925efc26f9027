// Stored HTML is sanitised when written, so the API never serves a script.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { EXTERNAL_REL, isExternalHref, NEW_TAB_NOTE } from '../../common/external-link.ts';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
    'img',
    'span',
    'sup',
    'sub',
    'small',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // The visually hidden words of a link that leaves the site (below).
  allowedClasses: { span: ['sr-only'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (isExternalHref(href)) return { tagName, attribs: { ...attribs, target: '_blank', rel: EXTERNAL_REL } };
      return { tagName, attribs };
    },
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, options).trim();
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain Markdown, as an e-mail shows it. */
const plainMarked = new Marked({ gfm: true });
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The site's Markdown: a link to another site (written `[words](https://...)`) opens in a new tab
 * (the sanitiser adds target and rel) and its name says so, in visually hidden words after the
 * link's own (common/external-link.ts, as app/components/ExternalLink.tsx does), in the words
 * given: the content's language's (`link.newTab`), English by default. One renderer per wording,
 * made when first asked for (four languages: four renderers).
 */
const siteMarked = new Map<string, Marked>();
function siteMarkedSaying(note: string): Marked {
  let marked = siteMarked.get(note);
  if (marked) return marked;
  const hidden = `<span class="sr-only"> (${escapeText(note)})</span>`;
  marked = new Marked(
    { gfm: true },
    {
      renderer: {
        link(token) {
          if (!isExternalHref(token.href)) return false;
          const title = token.title ? ` title="${escapeAttr(token.title)}"` : '';
          return `<a href="${escapeAttr(token.href)}"${title}>${this.parser.parseInline(token.tokens)}${hidden}</a>`;
        },
      },
    },
  );
  siteMarked.set(note, marked);
  return marked;
}

/**
 * Markdown to sanitised HTML. `email`: for a message rather than a page (no visually hidden
 * words: a mail client has no stylesheet to hide them). `breaks`: a single line break is kept as
 * one (the newsletter's e-mails). `newTabNote`: the words a link to another site adds to its
 * name, in the content's language (a translation's: server/content/translated-answers.ts).
 */
export function markdownToHtml(md: string, opts: { email?: boolean; breaks?: boolean; newTabNote?: string } = {}): string {
  const marked = opts.email ? plainMarked : siteMarkedSaying(opts.newTabNote ?? NEW_TAB_NOTE);
  return sanitize(marked.parse(md, { async: false, breaks: opts.breaks ?? false }) as string);
}
