// A newsletter campaign as an e-mail: the owner's Markdown made into sanitised HTML (as the site's
// stored pages are, server/db/html.ts) in the look of every other e-mail of the site
// (templates.ts), the Markdown itself as the text part, and for each recipient their own
// unsubscribe links: a visible one to the /newsletter/unsubscribe page and the RFC 8058 one-click
// pair of headers (List-Unsubscribe with the HTTPS and mailto addresses, List-Unsubscribe-Post).
import { site } from '../../common/site.ts';
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

/** The links of one recipient's message, from their token. */
export function campaignLinks(siteUrl: string, token: string, unsubscribeMailbox: string): CampaignLinks {
  return {
    unsubscribe: `${siteUrl}/newsletter/unsubscribe?token=${token}`,
    oneClick: `${siteUrl}/api/newsletter/unsubscribe/one-click?token=${token}`,
    mailto: `mailto:${unsubscribeMailbox}?subject=unsubscribe`,
  };
}

/** The campaign's body as e-mail HTML: sanitised Markdown, with the e-mails' own type. */
export function campaignBodyHtml(bodyMd: string): string {
  return markdownToHtml(bodyMd, { email: true })
    .replace(/<h2>/g, '<h2 style="font-family:Georgia,serif;font-size:21px;line-height:1.3;margin:24px 0 8px;color:#2f3a23">')
    .replace(/<h3>/g, '<h3 style="font-family:Georgia,serif;font-size:17px;margin:20px 0 6px;color:#2f3a23">')
    .replace(/<a /g, '<a style="color:#8a5a12" ')
    .replace(/<img /g, '<img style="max-width:100%;height:auto" ')
    .replace(/<blockquote>/g, '<blockquote style="margin:16px 0;padding:8px 16px;border-left:3px solid #b5862c;background:#f7f1e6">');
}

const subscribedBecause = `You receive this e-mail because you subscribed to the ${site.name} newsletter and confirmed your address.`;

/**
 * The message for one recipient (or for a test: `test` marks the subject). Rendered once per
 * recipient when the campaign is sent, and stored in the outbox as it is.
 */
export function campaignMessage(
  content: CampaignContent,
  to: { name: string; address: string },
  links: CampaignLinks,
  opts: { from: string; test?: boolean; bodyHtml?: string },
): OutboxMessage {
  const subject = `${opts.test ? '[Test] ' : ''}${oneLine(content.subject)}`;
  const bodyHtml = opts.bodyHtml ?? campaignBodyHtml(content.bodyMd);
  const text = [
    content.bodyMd.trim(),
    '',
    '--',
    subscribedBecause,
    `Unsubscribe: ${links.unsubscribe}`,
    contactFooterText,
  ].join('\n');
  const html = layout(
    oneLine(content.subject),
    bodyHtml,
    `${esc(subscribedBecause)}<br><a href="${esc(links.unsubscribe)}" style="color:#5a4a3a">Unsubscribe</a> · ${esc(contactFooterText)}`,
  );
  return {
    from: opts.from,
    to,
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

/** The inside of the e-mail's <body> and the body's own style: the preview shows it in the page. */
export function emailBodyOf(html: string): { style: string; inner: string } {
  const m = /<body(?:\s+style="([^"]*)")?[^>]*>([\s\S]*)<\/body>/i.exec(html);
  return { style: m?.[1] ?? '', inner: m?.[2] ?? html };
}
