// The notice to the moderators (the console's active members) that a traveller's review arrived and
// waits for approval: the safari, who wrote it, the stars and the words, and the console's link.
// Same look as the site's other e-mails (templates.ts).
import type { ReviewFields } from '../../common/reviews.ts';
import { safariHeading } from '../../common/safari-title.ts';
import { site } from '../../common/site.ts';
import type { OutboxMessage } from '../db/schema-enquiries.ts';
import { oneLine } from './one-line.ts';
import { contactFooterText, esc, layout } from './templates.ts';

export function reviewArrivedMail(
  to: { email: string; name: string },
  review: ReviewFields & { photo: boolean },
  safari: { title: string; days: number },
  opts: { from: string; siteUrl: string },
): OutboxMessage {
  const name = oneLine(to.name);
  const hello = name ? `Hello ${name},` : 'Hello,';
  const trip = safariHeading(safari.days, oneLine(safari.title));
  const by = `${oneLine(review.name)} (${oneLine(review.country)})`;
  const stars = `${review.rating} of 5 stars`;
  const link = `${opts.siteUrl.replace(/\/+$/, '')}/admin/reviews`;
  const intro = `${by} reviewed “${trip}”: ${stars}${review.photo ? ', with a photo' : ''}. It is not on the site until someone approves it.`;
  const text = [hello, '', intro, '', ...review.text.split(/\r?\n/).map((l) => `> ${l}`), '', `Approve or reject it: ${link}`, '', contactFooterText].join('\n');
  const html = layout(
    'A review waits for approval',
    `<p>${esc(hello)}</p><p>${esc(intro)}</p><blockquote style="margin:16px 0;padding:8px 16px;border-left:4px solid #b5862c">${review.text
      .split(/\r?\n/)
      .map((l) => esc(l))
      .join('<br>')}</blockquote><p><a href="${esc(link)}">Approve or reject it in the console</a></p>`,
    esc(contactFooterText),
  );
  return { from: opts.from, to: { name, address: oneLine(to.email) }, subject: `New review of ${trip} (${stars}) waits for approval — ${site.name}`, text, html };
}
