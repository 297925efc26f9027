// What a traveller reads in their language beyond the page's words, on PGlite and PostgreSQL
// (SITE_LANGUAGES=en,de,fr,es): a quote started from a German enquiry comes in German (the
// safari's German days, title, price line and terms), is stored as German, and its e-mail, trip
// page and PDF are German; staff choose the language of a quote made without an enquiry, and a
// safari without a translation in it starts in English (the start says so); the trip page of a
// link it cannot open speaks the ?lang= asked for, else the visitor's Accept-Language, else
// English, with its status kept; the confirmation and cancellation e-mails of seats on a group
// departure name the safari by its German title, and their booking page and trip page are German
// (the safari's days, price lines and terms); a WhatsApp click on a German safari page at its
// translated slug is counted there and the leads' totals name its safari.
import './helpers/production.ts';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SafariResponse } from '../common/api-types.ts';
import { localizePath } from '../common/language-paths.ts';
import type { QuoteDetail, QuoteListItem, QuoteStart } from '../common/quote-admin.ts';
import { quoteFromSafari } from '../common/quote-base.ts';
import { safariHeading } from '../common/safari-title.ts';
import { contentItems, contentTranslations } from '../server/db/schema.ts';
import { bumpContentVersion } from '../server/db/version.ts';
import { whatsappLeadTotals } from '../server/leads.ts';
import { departureOnSale } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { htmlText } from './helpers/site.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, type SignedIn, signIn } from './helpers/staff.ts';

/** The site's own address (SITE_URL): the API's cross-site check wants it as the Origin. */
const ORIGIN = 'http://localhost:3000';
const STRANGER = 'x'.repeat(43);
const spaced = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');
const tokenIn = (text: string) => /\/trip\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return spaced(text as string);
}

describe.each(backends())('the traveller’s trip, quote and e-mails in their language on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  /** The site's first safari (the departure's), which the content translates into German. */
  let slug: string;
  let days: number;
  let englishTitle: string;
  let german: Pick<SafariResponse, 'safari' | 'safaridays'>;
  const db = () => site.app.database!.db;
  /** The latest e-mail of a kind queued for an address, as the outbox holds it (its subject not MIME-encoded). */
  async function sentMail(kind: string, to: string): Promise<{ subject: string; text: string }> {
    const rows = await site.rows<{ subject: string; text: string; to: string }>(
      `select message->>'subject' as subject, message->>'text' as text, message::text as "to" from mail_outbox where kind = '${kind}' order by id desc`,
    );
    const found = rows.find((r) => r.to.includes(to));
    expect(found, `no ${kind} e-mail to ${to}`).toBeDefined();
    return found!;
  }

  /** Changes the content's translations as staff would, and lets the site see it at once. */
  async function changeTranslation(itemSlug: string, language: string, change: { slug: string } | 'delete') {
    const [item] = await db()
      .select()
      .from(contentItems)
      .where(and(eq(contentItems.collection, 'safaris'), eq(contentItems.slug, itemSlug)));
    await db().transaction(async (tx) => {
      const row = and(eq(contentTranslations.item_id, item!.id), eq(contentTranslations.language, language));
      if (change === 'delete') await tx.delete(contentTranslations).where(row);
      else await tx.update(contentTranslations).set({ slug: change.slug }).where(row);
      await bumpContentVersion(tx as never, [contentTranslations]);
    });
    await site.app.contentVersion!.refresh();
  }

  beforeAll(async () => {
    site = await startSite({ backend, drivenMail: true, env: { SITE_LANGUAGES: 'en,de,fr,es' } });
    await addStaff(db(), 'owner@kigezitrails.example', 'owner', undefined, 'Olivia Owner');
    owner = await signIn(site.base, 'owner@kigezitrails.example');
    const [first] = await site.rows<{ slug: string; days: number; title: string }>('select safarititleslug as slug, safariday as days, safarititle as title from safaris order by id limit 1');
    ({ slug, days, title: englishTitle } = first!);
    // What the German safari page says: the quote must start with the same texts.
    const res = await fetch(`${site.base}/api/de/safaris/${slug}`);
    expect(res.status).toBe(200);
    german = (await res.json()) as typeof german;
    expect(german.safari.safarititle).not.toBe(englishTitle);
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  describe('a quote for a German enquiry', () => {
    const email = 'lena.vogel@example.com';
    let enquiryId: number;
    let quoteId: number;
    let token: string;
    const firstDay = () => [...german.safaridays].sort((a, b) => a.day_number - b.day_number)[0]!.title;

    beforeAll(async () => {
      const [e] = await site.rows<{ id: number }>(
        `insert into enquiries (name, email, phone, message, preferred_contact_method, source, safari, language)
         values ('Lena Vogel', '${email}', '+4915112345678', 'Gorillas im Juli, bitte.', 'Email', 'safari', '${slug}', 'de') returning id`,
      );
      enquiryId = e!.id;
    });

    it('starts in German: the enquiry’s language, the safari’s German days', async () => {
      const start = (await (await owner.get(`/quotes/new?enquiry=${enquiryId}`)).json()) as QuoteStart;
      expect(start).toMatchObject({ enquiryId, language: 'de', safariSlug: slug, safari: { slug, language: 'de' } });
      expect(start.safari!.answer.safari.safarititle).toBe(german.safari.safarititle);
      expect(start.safari!.answer.safaridays.map((d) => d.title)).toEqual(german.safaridays.map((d) => d.title));
      // Every night keeps its lodge, as the English safari has it.
      const english = (await (await fetch(`${site.base}/api/safaris/${slug}`)).json()) as SafariResponse;
      expect(start.safari!.answer.safaridays.map((d) => d.lodge?.lodgetitleslug ?? null)).toEqual(english.safaridays.map((d) => d.lodge?.lodgetitleslug ?? null));
      // An enquiry's language is the quote's: a language asked for beside it changes nothing.
      expect(((await (await owner.get(`/quotes/new?enquiry=${enquiryId}&language=es`)).json()) as QuoteStart).language).toBe('de');
    });

    it('is stored as German, and its e-mail, trip page and PDF are German with the German days', async () => {
      const start = (await (await owner.get(`/quotes/new?enquiry=${enquiryId}`)).json()) as QuoteStart;
      const today = new Date().toISOString().slice(0, 10);
      const document = quoteFromSafari(start.safari!.answer, today, start.language);
      expect(document.title).toBe(safariHeading(days, german.safari.safarititle, 'de'));
      // The form sends the start's language; the enquiry's is kept whatever it says.
      const made = await owner.send('/quotes', { traveller: start.traveller, enquiryId, safariSlug: slug, language: 'en', document });
      expect(made.status, await made.clone().text()).toBe(201);
      quoteId = ((await made.json()) as { id: number }).id;
      expect(await site.rows(`select language from quotes where id = ${quoteId}`)).toEqual([{ language: 'de' }]);
      const detail = (await (await owner.get(`/quotes/${quoteId}`)).json()) as QuoteDetail;
      expect(detail.language).toBe('de');

      expect((await owner.send(`/quotes/${quoteId}/send`)).status).toBe(200);
      const mail = await sentMail('quote-sent', email);
      expect(mail.subject).toBe(`Ihr Safari-Angebot ${detail.reference}: ${document.title}`);
      // The link names the language, so a link that can no longer be opened says so in German too.
      expect(mail.text).toMatch(/\/trip\/[A-Za-z0-9_-]{43}\?lang=de\b/);
      token = tokenIn(mail.text);

      const html = await (await fetch(`${site.base}/trip/${token}`)).text();
      expect(html).toContain('<html lang="de"');
      const text = spaced(htmlText(html));
      expect(text).toContain('Ihre Reiseroute');
      expect(text).toContain(firstDay());

      const pdf = new Uint8Array(await (await fetch(`${site.base}/trip/${token}/quote.pdf`)).arrayBuffer());
      expect(/\/Lang \(([^)]*)\)/.exec(Buffer.from(pdf).toString('latin1'))?.[1]).toBe('de');
      expect(await pdfText(pdf)).toContain(spaced(firstDay()));
    });
  });

  describe('a quote made without an enquiry', () => {
    it('starts in the language staff choose, and refuses one the site does not know', async () => {
      const start = (await (await owner.get(`/quotes/new?safari=${slug}&language=es`)).json()) as QuoteStart;
      expect(start).toMatchObject({ enquiryId: null, language: 'es', safari: { slug, language: 'es' } });
      const spanish = (await (await fetch(`${site.base}/api/es/safaris/${slug}`)).json()) as SafariResponse;
      expect(start.safari!.answer.safari.safarititle).toBe(spanish.safari.safarititle);
      // English when none is asked for, as it always was.
      expect(((await (await owner.get('/quotes/new')).json()) as QuoteStart).language).toBe('en');
      const bad = await owner.get('/quotes/new?language=it');
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toMatch(/language/i);
    });

    it('keeps the language chosen: listed, shown and mailed in it', async () => {
      const start = (await (await owner.get(`/quotes/new?safari=${slug}&language=es`)).json()) as QuoteStart;
      const document = quoteFromSafari(start.safari!.answer, new Date().toISOString().slice(0, 10), 'es');
      const made = await owner.send('/quotes', { traveller: { name: 'Lucía Pérez', email: 'lucia.perez@example.com' }, enquiryId: null, safariSlug: slug, language: 'es', document });
      expect(made.status).toBe(201);
      const id = ((await made.json()) as { id: number }).id;
      const list = ((await (await owner.get('/quotes')).json()) as { quotes: QuoteListItem[] }).quotes;
      expect(list.find((q) => q.id === id)?.language).toBe('es');
      expect((await owner.send(`/quotes/${id}/send`)).status).toBe(200);
      const mail = await sentMail('quote-sent', 'lucia.perez@example.com');
      expect(mail.subject).toMatch(/^Su presupuesto de safari Q-\d{4}-\d{4}: /);
      expect(mail.text).toMatch(/\/trip\/[A-Za-z0-9_-]{43}\?lang=es\b/);
      const html = await (await fetch(`${site.base}/trip/${tokenIn(mail.text)}`)).text();
      expect(html).toContain('<html lang="es"');
    });

    it('starts in English where the safari has no translation in the language, and says which it is', async () => {
      const [other] = await site.rows<{ slug: string; title: string }>('select safarititleslug as slug, safarititle as title from safaris order by id limit 1 offset 1');
      await changeTranslation(other!.slug, 'fr', 'delete');
      const start = (await (await owner.get(`/quotes/new?safari=${other!.slug}&language=fr`)).json()) as QuoteStart;
      expect(start).toMatchObject({ language: 'fr', safari: { slug: other!.slug, language: 'en' } });
      expect(start.safari!.answer.safari.safarititle).toBe(other!.title);
    });
  });

  describe('the trip page of a link it cannot open', () => {
    const open = (query: string, headers: Record<string, string> = {}) => fetch(`${site.base}/trip/${STRANGER}${query}`, { headers });

    it('speaks the visitor’s Accept-Language, its status kept', async () => {
      const res = await open('', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' });
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('<html lang="fr"');
      expect(html).toContain('<title>Votre voyage | Kigezi Trails</title>');
      const text = spaced(htmlText(html));
      expect(text).toContain('Nous ne pouvons pas afficher ce voyage');
      expect(text).toContain('Ce lien de voyage n’est pas valide.');
      expect(text).not.toContain('This trip link is not valid');
    });

    it('speaks the language asked for with ?lang= before the Accept-Language', async () => {
      const res = await open('?lang=es', { 'accept-language': 'fr' });
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<html lang="es"');
      expect(html).toContain('<title>Su viaje | Kigezi Trails</title>');
      expect(spaced(htmlText(html))).toContain('Este enlace de viaje no es válido.');
    });

    it('is English without either, or with a language the site does not serve', async () => {
      for (const headers of [{}, { 'accept-language': 'it-IT, nl;q=0.8' }] as Record<string, string>[]) {
        const res = await open('', headers);
        expect(res.status).toBe(404);
        const html = await res.text();
        expect(html).toContain('<html lang="en-GB"');
        expect(html).toContain('<title>Your trip | Kigezi Trails</title>');
        expect(spaced(htmlText(html))).toContain('This trip link is not valid. It may have been mistyped, or replaced by a newer one: open the link in our latest e-mail, or contact us.');
      }
      // The API's answer stays English JSON.
      const api = await fetch(`${site.base}/api/trip/${STRANGER}`, { headers: { 'accept-language': 'de' } });
      expect([api.status, ((await api.json()) as { error: string }).error]).toEqual([
        404,
        'This trip link is not valid. It may have been mistyped, or replaced by a newer one: open the link in our latest e-mail, or contact us.',
      ]);
    });
  });

  describe('seats on a group departure booked in German', () => {
    let departureId: number;
    beforeAll(async () => {
      ({ id: departureId } = await departureOnSale(site));
    });

    it('offers them in German: the safari’s German title, the page’s title and the terms', async () => {
      const path = `${localizePath(`/safaris/${slug}/departures/${departureId}`, 'de')}?seats=1`;
      const html = await (await fetch(site.base + path)).text();
      const page = spaced(htmlText(html));
      expect(page).toContain(spaced(german.safari.safarititle));
      expect(page).not.toContain(englishTitle);
      expect(page).toContain('Ihre Plätze sind 30 Minuten lang für Sie reserviert');
      expect(page).not.toContain('Your seats are held');
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(/^Plätze buchen: .+, Freitag, 12\. März 2027 \| /);
      // The English page keeps the English words.
      const english = spaced(htmlText(await (await fetch(`${site.base}/safaris/${slug}/departures/${departureId}?seats=1`)).text()));
      expect(english).toContain(englishTitle);
      expect(english).toContain('Your seats are held for 30 minutes');
    });

    it('confirms them with the safari’s German title, and tells the operator in English', async () => {
      const form = new URLSearchParams({ traveller0: 'Jonas Weber', singleRooms: '1', email: 'jonas.weber@example.com', phone: '', acceptTerms: 'yes' });
      const res = await fetch(`${site.base}${localizePath(`/safaris/${slug}/departures/${departureId}`, 'de')}?seats=1`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      expect(res.status).toBe(302);
      const heading = safariHeading(days, german.safari.safarititle, 'de');
      const [confirmation] = await site.rows<{ subject: string; text: string }>(
        "select message->>'subject' as subject, message->>'text' as text from mail_outbox where kind = 'booking-confirmation' order by id desc limit 1",
      );
      expect(confirmation!.subject).toMatch(new RegExp(`^Buchung B-\\d{4}-\\d{4} bestätigt: ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      expect(confirmation!.text).toMatch(/\/trip\/[A-Za-z0-9_-]{43}\?lang=de\b/);
      const [notice] = await site.rows<{ subject: string }>("select message->>'subject' as subject from mail_outbox where kind = 'booking-notice' order by id desc limit 1");
      expect(notice!.subject).toContain(`${days}-day ${englishTitle}`);
      // Its trip page names the trip by the German title too, and gives its days and price lines in
      // German.
      const html = await (await fetch(site.base + res.headers.get('location')!)).text();
      const page = spaced(htmlText(html));
      expect(page).toContain(spaced(heading));
      for (const day of german.safaridays) expect(page).toContain(spaced(day.title));
      expect(page).toContain(spaced(`${german.safari.safarititle}, Gruppenreise (pro Person)`));
      expect(page).toContain('Einzelzimmerzuschlag');
      expect(page).not.toMatch(/group departure|Single room supplement|Your seats are held/);
    });

    it('cancels them with the safari’s German title', async () => {
      const res = await owner.send(`/departures/${departureId}/cancel`, { reason: 'Zu wenige Reisende.' });
      expect(res.status, await res.clone().text()).toBe(200);
      const [mail] = await site.rows<{ subject: string }>("select message->>'subject' as subject from mail_outbox where kind = 'departure-cancelled' order by id desc limit 1");
      expect(mail!.subject).toMatch(/^Abfahrt abgesagt: /);
      expect(mail!.subject).toContain(german.safari.safarititle);
      expect(mail!.subject).not.toContain(englishTitle);
    });
  });

  it('counts a WhatsApp click on a German safari page at its translated slug, and names the safari', async () => {
    await changeTranslation(slug, 'de', { slug: 'gorilla-tagestour-deutsch' });
    const path = '/de/safaris/gorilla-tagestour-deutsch';
    expect((await fetch(`${site.base}${path}`)).status).toBe(200);
    const lead = await fetch(`${site.base}/api/leads/whatsapp`, { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' }, body: JSON.stringify({ path }) });
    expect(lead.status).toBe(204);
    expect(await site.rows(`select path, clicks from whatsapp_leads where path = '${path}'`)).toEqual([{ path, clicks: 1 }]);
    const total = (await whatsappLeadTotals(db())).find((t) => t.path === path);
    expect(total).toMatchObject({ clicks: 1, safari: { slug, title: englishTitle } });
    // A path no page answers in German is still refused.
    const unknown = await fetch(`${site.base}/api/leads/whatsapp`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ path: '/de/safaris/keine-solche-safari' }),
    });
    expect(unknown.status).toBe(404);
  });
});
