// A campaign as an e-mail: Reply-To the operator, single line breaks kept, a text part that reads
// as plain text, pictures from the media library only (at the site's address), no tracking pixel.
import { describe, expect, it } from 'vitest';
import { campaignSchema, CAMPAIGN_MESSAGES, picturesOf, pictureMarkdown } from '../../common/newsletter-admin.ts';
import { campaignBodyHtml, campaignBodyText, campaignLinks, campaignMessage } from './campaign.ts';

const SITE = 'https://www.kigezitrails.example';
const OPERATOR = 'bookings@kigezitrails.example';
const links = campaignLinks(SITE, 'tok123', OPERATOR);
/** Markdown that reads as plain text already (a list item, a numbered list, a quotation): the text part keeps it as it is. */
const READS_AS_TEXT = ['- Mgahinga', '', '1. Choose a safari', '2. Write to us', '', '> Best trip of my life'];
const BODY = [
  '## Gorilla permits for *July*',
  '',
  'Dear travellers,',
  'the **July** permits are out.',
  'Book early & save.',
  '',
  '![Mountain gorilla in Bwindi](images/uploads/gorilla-1a2b.jpg)',
  '',
  '- Bwindi [3 days](https://www.kigezitrails.example/safaris/3-days)',
  ...READS_AS_TEXT,
  '',
  '---',
  '',
  'Write to <a href="mailto:bookings@kigezitrails.example">bookings@kigezitrails.example</a> &amp; `call us`.',
].join('\n');

describe('campaign e-mail', () => {
  const m = campaignMessage({ subject: 'July permits', bodyMd: BODY }, { name: '', address: 'reader@example.com' }, links, {
    from: 'Kigezi Trails <no-reply@kigezitrails.example>',
    siteUrl: SITE,
    replyTo: OPERATOR,
  });

  it('replies go to the operator, not to no-reply', () => {
    expect(m.replyTo).toEqual({ name: 'Kigezi Trails', address: OPERATOR });
    expect(m.from).toContain('no-reply@');
  });

  it('keeps a single line break as a line break in the HTML', () => {
    expect(m.html).toMatch(/Dear travellers,<br ?\/?>\s*the <strong>July<\/strong> permits are out\.<br ?\/?>\s*Book early &amp; save\./);
  });

  it('the text part is plain text made from the Markdown, never raw Markdown or HTML', () => {
    const text = campaignBodyText(BODY, SITE);
    expect(text).toBe(
      [
        'Gorilla permits for July',
        '========================',
        '',
        'Dear travellers,',
        'the July permits are out.',
        'Book early & save.',
        '',
        '[Picture: Mountain gorilla in Bwindi]',
        '',
        '- Bwindi 3 days (https://www.kigezitrails.example/safaris/3-days)',
        ...READS_AS_TEXT,
        '',
        '----',
        '',
        'Write to bookings@kigezitrails.example & call us.',
      ].join('\n'),
    );
    expect(m.text.startsWith(text)).toBe(true);
    expect(m.text).toContain('Unsubscribe: https://www.kigezitrails.example/newsletter/unsubscribe?token=tok123');
    for (const raw of ['**', '##', '](', '![', '<a', '<br', '&amp;', '`']) expect(m.text).not.toContain(raw);
  });

  it('shows library pictures at the site’s address and leaves any other picture out', () => {
    expect(m.html).toContain(`<img style="max-width:100%;height:auto" src="${SITE}/images/uploads/gorilla-1a2b.jpg" alt="Mountain gorilla in Bwindi" />`);
    const other = campaignBodyHtml('Hi ![x](https://tracker.example/open.gif?u=1) <img src="https://tracker.example/p.png" width="1" height="1"> ![ok](images/uploads/ok.webp)', SITE);
    expect(other).not.toContain('tracker.example');
    expect(other).toContain(`src="${SITE}/images/uploads/ok.webp"`);
    expect(campaignBodyText('![x](https://tracker.example/open.gif)', SITE)).toBe('');
  });

  it('carries no tracking pixel: every picture is a library picture and no address names the reader but the unsubscribe links', () => {
    const imgs = [...m.html!.matchAll(/<img\b[^>]*>/g)].map((x) => x[0]);
    expect(imgs).toHaveLength(1);
    for (const img of imgs) {
      expect(img).toMatch(new RegExp(`src="${SITE}/images/uploads/[^"?]+"`));
      expect(img).not.toMatch(/width="1"|height="1"/);
    }
    const urls = [...m.html!.matchAll(/(?:src|href)="([^"]+)"/g)].map((x) => x[1]!);
    expect(urls.filter((u) => u.includes('tok123'))).toEqual([links.unsubscribe.replace(/&/g, '&amp;')]);
    expect(m.html).not.toMatch(/background=|url\(/i);
  });

  it('the editor accepts library pictures only, with a message that says where they come from', () => {
    expect(campaignSchema.safeParse({ subject: 'S', body: BODY }).success).toBe(true);
    for (const body of ['![x](https://tracker.example/p.gif)', 'Hi <img src="https://t.example/p.png">', '![a][pic]\n\n[pic]: https://t.example/a.png', '![x](../../etc/passwd.jpg)']) {
      const r = campaignSchema.safeParse({ subject: 'S', body });
      expect(r.success, body).toBe(false);
      expect(r.error!.issues[0]!.message).toBe(CAMPAIGN_MESSAGES.pictures);
    }
    expect(picturesOf("![a](images/uploads/a.jpg) and <img src='images/uploads/b.png'>")).toEqual(['images/uploads/a.jpg', 'images/uploads/b.png']);
    expect(pictureMarkdown('images/uploads/a.jpg', 'A [big] gorilla\n')).toBe('![A big gorilla](images/uploads/a.jpg)');
  });
});
