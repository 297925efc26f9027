// A newsletter campaign as an e-mail: the owner's Markdown made into sanitised HTML (as the site's
// stored pages are, server/db/html.ts, with single line breaks kept) in the look of every other
// e-mail of the site (templates.ts), plain text made from the same Markdown as the text part, and
// for each recipient their own unsubscribe links: a visible one to the /newsletter/unsubscribe page
// and the RFC 8058 one-click pair of headers (List-Unsubscribe with the HTTPS and mailto addresses,
// List-Unsubscribe-Post). Replies go to the operator. Pictures are the media library's only, at
// the site's address; nothing in the message tells anyone that it was opened (no tracking pixel,
// no per-recipient address but the unsubscribe links).
import { marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { urlIn } from '../../common/language-paths.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../common/languages.ts';
import { LIBRARY_PICTURE } from '../../common/newsletter-admin.ts';
import { site } from '../../common/site.ts';
import { serverMessages } from '../../app/lib/server-messages.server.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { markdownToHtml } from '../db/html.ts';
import { oneLine } from './one-line.ts';
import { contactFooterText, esc, layout } from './templates.ts';

export interface CampaignContent {
  subject: string;
  bodyMd: string;
}

export interface CampaignLinks {
  /** The unsubscribe page with this recipient's token (a person opens it and presses a button). */
  unsubscribe: string;
  /** The one-click address a mail client POSTs to (RFC 8058). */
  oneClick: string;
  /** Where an unsubscribe e-mail can be sent instead. */
  mailto: string;
}

/** The links of one recipient's message, from their token (the unsubscribe page in their language). */
export function campaignLinks(siteUrl: string, token: string, unsubscribeMailbox: string, language: Language = DEFAULT_LANGUAGE): CampaignLinks {
  return {
    unsubscribe: urlIn(`${siteUrl}/newsletter/unsubscribe?token=${token}`, language),
    oneClick: `${siteUrl}/api/newsletter/unsubscribe/one-click?token=${token}`,
    mailto: `mailto:${unsubscribeMailbox}?subject=unsubscribe`,
  };
}

/** The campaign's body as e-mail HTML: sanitised Markdown (single line breaks kept), with the
 * e-mails' own type; library pictures at the site's address, any other picture left out. */
export function campaignBodyHtml(bodyMd: string, siteUrl: string): string {
  // The HTML is sanitised already: its attributes are double-quoted.
  const withPictures = markdownToHtml(bodyMd, { email: true, breaks: true }).replace(/<img\b[^>]*>/g, (tag) => {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1] ?? '';
    return LIBRARY_PICTURE.test(src) ? tag.replace(/\ssrc="[^"]*"/, ` src="${esc(`${siteUrl}/${src.replace(/^\//, '')}`)}"`) : '';
  });
  return withPictures
    .replace(/<h2>/g, '<h2 style="font-family:Georgia,serif;font-size:21px;line-height:1.3;margin:24px 0 8px;color:#2f3a23">')
    .replace(/<h3>/g, '<h3 style="font-family:Georgia,serif;font-size:17px;margin:20px 0 6px;color:#2f3a23">')
    .replace(/<a /g, '<a style="color:#8a5a12" ')
    .replace(/<img /g, '<img style="max-width:100%;height:auto" ')
    .replace(/<blockquote>/g, '<blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #b5862c;background:#f7f1e6">');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
const noTags = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });

function inline(tokens: Token[] | undefined, siteUrl: string): string {
  let out = '';
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'link': {
        const l = t as Tokens.Link;
        const label = inline(l.tokens, siteUrl).trim();
        const href = l.href.startsWith('mailto:') ? l.href.slice(7) : l.href;
        out += label && label !== href ? `${label} (${href})` : href;
        break;
      }
      case 'image': {
        const alt = (t as Tokens.Image).text.trim();
        out += LIBRARY_PICTURE.test((t as Tokens.Image).href) ? `[Picture${alt ? `: ${alt}` : ''}]` : '';
        break;
      }
      case 'br':
        out += '\n';
        break;
      case 'html':
        out += /^<br\s*\/?>$/i.test(t.raw.trim()) ? '\n' : noTags(t.raw);
        break;
      case 'codespan':
        out += (t as Tokens.Codespan).text;
        break;
      default:
        out += 'tokens' in t && Array.isArray(t.tokens) ? inline(t.tokens, siteUrl) : 'text' in t ? String(t.text) : '';
    }
  }
  return out;
}

function blocks(tokens: Token[], siteUrl: string): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'space':
        break;
      case 'heading': {
        const text = decode(inline((t as Tokens.Heading).tokens, siteUrl)).trim();
        out.push(`${text}\n${((t as Tokens.Heading).depth <= 2 ? '=' : '-').repeat(Math.min(Math.max(text.length, 3), 70))}`);
        break;
      }
      case 'paragraph':
      case 'text':
        out.push(decode(inline((t as Tokens.Paragraph).tokens, siteUrl)).trim());
        break;
      case 'list': {
        const l = t as Tokens.List;
        const start = typeof l.start === 'number' ? l.start : 1;
        out.push(
          l.items
            .map((item, i) => {
              const bullet = l.ordered ? `${start + i}. ` : '- ';
              const body = blocks(item.tokens, siteUrl)
                .join('\n')
                .replace(/\n/g, `\n${' '.repeat(bullet.length)}`);
              return `${bullet}${body}`;
            })
            .join('\n'),
        );
        break;
      }
      case 'blockquote':
        out.push(
          blocks((t as Tokens.Blockquote).tokens, siteUrl)
            .join('\n\n')
            .replace(/^/gm, '> '),
        );
        break;
      case 'code':
        out.push((t as Tokens.Code).text.replace(/^/gm, '    '));
        break;
      case 'hr':
        out.push('----');
        break;
      case 'table': {
        const tb = t as Tokens.Table;
        const row = (cells: { tokens: Token[] }[]) => cells.map((c) => decode(inline(c.tokens, siteUrl)).trim()).join(' | ');
        out.push([row(tb.header), ...tb.rows.map(row)].join('\n'));
        break;
      }
      case 'html': {
        const text = decode(noTags(t.raw)).trim();
        if (text) out.push(text);
        break;
      }
      default:
        if ('text' in t && typeof t.text === 'string' && t.text.trim()) out.push(decode(noTags(t.text)).trim());
    }
  }
  return out.filter((b) => b !== '');
}

/**
 * The campaign's body as plain text, for the text part: what a reader sees, not Markdown or HTML.
 * Headings underlined, lists with - and numbers, links as "text (address)", a picture as
 * "[Picture: its alt text]", single line breaks kept, paragraphs separated by an empty line.
 */
export function campaignBodyText(bodyMd: string, siteUrl: string): string {
  return blocks(marked.lexer(bodyMd, { gfm: true, breaks: true }), siteUrl)
    .join('\n\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The message for one recipient (or for a test: `test` marks the subject). Rendered once per
 * recipient language when the campaign is sent (each recipient's token and address put in), and
 * stored in the outbox as it is. The owner's words are as written; the footer (why it came, the
 * unsubscribe link) is in the subscriber's language.
 */
export function campaignMessage(
  content: CampaignContent,
  to: { name: string; address: string },
  links: CampaignLinks,
  opts: { from: string; siteUrl: string; replyTo: string; test?: boolean; bodyHtml?: string; bodyText?: string; language?: Language },
): OutboxMessage {
  const m = serverMessages(opts.language ?? DEFAULT_LANGUAGE);
  const subject = `${opts.test ? '[Test] ' : ''}${oneLine(content.subject)}`;
  const bodyHtml = opts.bodyHtml ?? campaignBodyHtml(content.bodyMd, opts.siteUrl);
  const because = m.t('newsletter.because', { site: site.name });
  const text = [opts.bodyText ?? campaignBodyText(content.bodyMd, opts.siteUrl), '', '--', because, m.t('newsletter.unsubscribeLine', { url: links.unsubscribe }), contactFooterText].join('\n');
  const unsubscribe = `<a href="${esc(links.unsubscribe)}" style="color:#5a4a3a">${esc(m.t('newsletter.unsubscribe'))}</a>`;
  const html = layout(oneLine(content.subject), bodyHtml, `${esc(because)}<br>${unsubscribe} · ${esc(contactFooterText)}`, m.language);
  return {
    from: opts.from,
    to,
    // Replies reach the operator, not the no-reply sender.
    replyTo: { name: site.name, address: opts.replyTo },
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>, <${links.mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${site.name} newsletter <newsletter.${new URL(links.oneClick).hostname}>`,
    },
  };
}
