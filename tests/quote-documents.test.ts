// Documents that go with the console's e-mails, over HTTP on PGlite and PostgreSQL with a real SMTP
// server: the quote's PDF attached when it is sent, and served privately on the trip page (no-store,
// noindex) and in the console; the owners' reply templates (checked, audited, owners only) filled
// for an enquiry and its agent; a reply carrying the safari's itinerary and a quote (both PDFs, a
// new trip link that opens the quote, the operator's copy linking the console instead, with no
// token and no files); documents refused in words when they do not belong to the enquiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../common/booking-money.ts';
import type { ReplyKit } from '../common/reply-documents.ts';
import { sampleQuoteDocument } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { attachmentsOf, startTestSmtp, type TestSmtp } from './helpers/smtp.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, type SignedIn, signIn } from './helpers/staff.ts';

const OWNER = 'owner@kigezitrails.example';
const AGENT = 'agent@kigezitrails.example';
const TRAVELLER = 'amina.okello@example.com';
const SAFARI = '3-days-bwindi-gorilla-trekking-safari';
type Json = Record<string, any>;

const today = new Date().toISOString().slice(0, 10);
const travelFrom = addDays(today, 120);
const document = sampleQuoteDocument({ title: 'Bwindi gorillas', travelFrom, travelTo: addDays(travelFrom, 3), balanceDueOn: addDays(travelFrom, -60), validUntil: addDays(today, 14) });

describe.each(backends())('documents in the console’s e-mails on %s', (backend) => {
  let site: InProcessSite;
  let smtp: TestSmtp;
  let owner: SignedIn;
  let agent: SignedIn;
  let enquiryId: number;
  let bareEnquiryId: number;
  let quoteId: number;
  let token: string;
  const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const tokenIn = (text: string) => /\/trip\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

  beforeAll(async () => {
    smtp = await startTestSmtp();
    site = await startSite({ backend, drivenMail: true, env: { SMTP_URL: smtp.url, OPERATOR_EMAIL: 'ops@kigezitrails.example' } });
    await addStaff(site.app.database!.db, OWNER, 'owner', undefined, 'Olivia Owner');
    await addStaff(site.app.database!.db, AGENT, 'agent', undefined, 'Arthur Agent');
    [owner, agent] = await Promise.all([signIn(site.base, OWNER), signIn(site.base, AGENT)]);
    const [e] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method, source, safari, safari_id)
       select 'Amina Okello', '${TRAVELLER}', '+256700000001', 'Gorillas in March, please.', 'Email', 'safari', safarititleslug, id from safaris where safarititleslug = '${SAFARI}' returning id`,
    );
    enquiryId = e!.id;
    const [bare] = await site.rows<{ id: number }>(
      `insert into enquiries (name, email, phone, message, preferred_contact_method, source) values ('Jonas Weber', 'jonas@example.com', '+4915112345678', 'Anything in July?', 'Email', 'plan-a-safari') returning id`,
    );
    bareEnquiryId = bare!.id;
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });

  it('sends a quote with its PDF attached, named by reference and version', async () => {
    const made = (await (await owner.send('/quotes', { traveller: { name: 'Amina Okello', email: TRAVELLER, phone: '+256700000001' }, enquiryId, document })).json()) as Json;
    quoteId = made.id;
    expect((await owner.send(`/quotes/${quoteId}/send`)).status).toBe(200);
    await site.drainMail();
    const [mail] = mailTo(TRAVELLER);
    const files = attachmentsOf(mail);
    expect(files.map((f) => [f.filename, f.type])).toEqual([[`${made.reference}-v1.pdf`, 'application/pdf']]);
    expect(files[0]!.bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(files[0]!.bytes.toString('latin1')).toMatch(/\/Lang \(en-GB\)/);
    token = tokenIn(mail?.text ?? '');
    expect(token).toHaveLength(43);
  });

  it('serves the quote’s PDF privately on the trip page, and to staff in the console', async () => {
    for (const url of [`${site.base}/api/trip/${token}/quote.pdf`, `${site.base}/trip/${token}/quote.pdf`]) {
      const res = await fetch(url);
      expect([res.status, res.headers.get('content-type'), res.headers.get('cache-control'), res.headers.get('x-robots-tag')], url).toEqual([200, 'application/pdf', 'no-store', 'noindex, nofollow']);
      expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="Q-\d{4}-\d{4}-v1\.pdf"$/);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    const wrong = await fetch(`${site.base}/trip/${'x'.repeat(43)}/quote.pdf`);
    expect([wrong.status, wrong.headers.get('cache-control')]).toEqual([404, 'no-store']);
    const staff = await agent.get(`/quotes/${quoteId}/quote.pdf`);
    expect([staff.status, staff.headers.get('content-type'), staff.headers.get('cache-control')]).toEqual([200, 'application/pdf', 'no-store']);
    expect((await fetch(`${site.base}/api/admin/quotes/${quoteId}/quote.pdf`)).status).toBe(401);
    expect((await agent.get('/quotes/99999/quote.pdf')).status).toBe(404);
  });

  it('keeps the owners’ reply templates: checked in words, owners only, audited', async () => {
    const bad = await owner.send('/settings/reply-templates', { templates: [{ id: 'welcome', name: 'Welcome', body: 'Dear {firstname},' }] }, 'PUT');
    expect([bad.status, ((await bad.json()) as Json).error]).toEqual([400, '{firstname} is not a placeholder: use {name}, {safari}, {agent}.']);
    const templates = [{ id: 'welcome', name: 'Welcome', body: 'Dear {name},\n\nThank you for asking about {safari}.\n\n{agent}' }];
    const ok = await owner.send('/settings/reply-templates', { templates }, 'PUT');
    expect([ok.status, ((await ok.json()) as Json).changed]).toEqual([200, true]);
    expect(((await (await owner.send('/settings/reply-templates', { templates }, 'PUT')).json()) as Json).changed).toBe(false);
    expect((await agent.send('/settings/reply-templates', { templates: [] }, 'PUT')).status).toBe(403);
    expect((await agent.get('/settings/reply-templates')).status).toBe(403);
    const audited = await site.rows<{ n: number }>(`select count(*)::int as n from audit_log where action = 'settings.reply-templates'`);
    expect(audited[0]!.n).toBe(1);
  });

  it('gives an agent the templates filled for the enquiry, its safari’s itinerary and its sent quotes', async () => {
    const kit = (await (await agent.get(`/enquiries/${enquiryId}/reply-kit`)).json()) as ReplyKit;
    expect(kit.templates).toEqual([{ id: 'welcome', name: 'Welcome', body: 'Dear Amina Okello,\n\nThank you for asking about Bwindi Gorilla Trekking Safari.\n\nArthur Agent' }]);
    expect(kit.itinerary).toEqual({ slug: SAFARI, title: 'Bwindi Gorilla Trekking Safari' });
    expect(kit.quotes).toEqual([{ id: quoteId, reference: expect.stringMatching(/^Q-/), version: 1, title: 'Bwindi gorillas' }]);
    const bare = (await (await agent.get(`/enquiries/${bareEnquiryId}/reply-kit`)).json()) as ReplyKit;
    expect([bare.itinerary, bare.quotes, bare.templates[0]?.body]).toEqual([null, [], 'Dear Jonas Weber,\n\nThank you for asking about your safari.\n\nArthur Agent']);
  });

  it('sends a reply with the itinerary and the quote: both PDFs, a new trip link; the operator’s copy links the console', async () => {
    const res = await agent.send(`/enquiries/${enquiryId}/replies`, { subject: 'Your gorilla safari', body: 'Dear Amina,\n\nHere is everything.', attachItinerary: true, quoteId });
    expect(res.status, await res.clone().text()).toBe(201);
    await site.drainMail();
    const reply = mailTo(TRAVELLER).find((m) => m.header('subject') === 'Your gorilla safari');
    const files = attachmentsOf(reply);
    expect(files.map((f) => f.filename)).toEqual([`${SAFARI}-itinerary.pdf`, expect.stringMatching(/^Q-\d{4}-\d{4}-v1\.pdf$/)]);
    for (const f of files) expect([f.type, f.bytes.subarray(0, 5).toString()]).toEqual(['application/pdf', '%PDF-']);
    expect(reply?.text).toContain(`Attached: ${files.map((f) => f.filename).join(', ')}.`);
    const fresh = tokenIn(reply?.text ?? '');
    expect(fresh).toHaveLength(43);
    expect(fresh).not.toBe(token);
    expect(((await (await fetch(`${site.base}/api/trip/${fresh}`)).json()) as Json).reference).toMatch(/^Q-/);
    // The link sent with the quote still opens it.
    expect((await fetch(`${site.base}/api/trip/${token}`)).status).toBe(200);
    const copy = mailTo('ops@kigezitrails.example').find((m) => m.header('subject') === 'Copy: Your gorilla safari');
    expect(copy?.text).toMatch(new RegExp(`Quote Q-\\d{4}-\\d{4} went with it, with a new private trip link for the traveller\\. In the console:\\nhttps?://[^/\\s]+/admin/quotes/${quoteId}\\n`));
    expect(copy?.raw).not.toContain(fresh);
    expect(attachmentsOf(copy)).toEqual([]);
  });

  it('refuses, in words, documents that are not the enquiry’s; a reply without documents carries no files', async () => {
    const noSafari = await agent.send(`/enquiries/${bareEnquiryId}/replies`, { subject: 'Hello', body: 'Hi', attachItinerary: true });
    expect([noSafari.status, ((await noSafari.json()) as Json).error]).toEqual([400, 'This enquiry names no safari: there is no itinerary to attach.']);
    const notTheirs = await agent.send(`/enquiries/${bareEnquiryId}/replies`, { subject: 'Hello', body: 'Hi', quoteId });
    expect([notTheirs.status, ((await notTheirs.json()) as Json).error]).toEqual([400, 'That quote is not a sent quote of this enquiry. Reload the page and choose again.']);
    const badId = await agent.send(`/enquiries/${bareEnquiryId}/replies`, { subject: 'Hello', body: 'Hi', quoteId: 'Q-1' });
    expect([badId.status, ((await badId.json()) as Json).error]).toEqual([400, 'Choose a quote of this enquiry, or none.']);
    expect((await agent.send(`/enquiries/${bareEnquiryId}/replies`, { subject: 'Plain', body: 'Just words.' })).status).toBe(201);
    await site.drainMail();
    const plain = mailTo('jonas@example.com').find((m) => m.header('subject') === 'Plain');
    expect(plain?.raw).not.toMatch(/multipart\/mixed/);
    expect(plain?.text).not.toContain('Attached');
  });
});
