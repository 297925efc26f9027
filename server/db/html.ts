// Stored HTML is sanitised when written, so the API never serves a script.
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'u', 's',
    'a', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'figure', 'figcaption', 'img', 'span', 'sup', 'sub', 'small',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      if (/^https?:\/\//i.test(href)) return { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } };
      return { tagName, attribs };
    },
  },
};

export function sanitize(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Markdown to sanitised HTML. `breaks`: a single line break is kept as one (the newsletter's e-mails). */
export function markdownToHtml(md: string, opts: { breaks?: boolean } = {}): string {
  return sanitize(marked.parse(md, { async: false, gfm: true, breaks: opts.breaks ?? false }) as string);
}
