// The traveller's forms and pages in their language (SITE_LANGUAGES=en,de,fr,es): a French review
// sent without JavaScript comes back on its French page with the French message and the values
// kept, and the review API answers its checks and its thanks in the body's language; seats booked
// from a German departure page are stored as German, refused in German, and their trip page and
// confirmation e-mail are German; a Spanish quote's trip page is Spanish at /trip/{token} (the
// switcher's ?lang=en shows it in English, its PDF is still served); a German subscriber's
// confirmation link lands on the German page, which confirms in German; a French page's WhatsApp
// links write their first message in French, and a click there is counted under its French path.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePath } from '../common/language-paths.ts';
import { LANGUAGE_FIELD_MESSAGE } from '../common/languages.ts';
import { REVIEW_MESSAGES } from '../common/reviews.ts';
import { createTripLink } from '../server/bookings/trip-links.ts';
import { enquiries, quotes } from '../server/db/schema.ts';
import { departureOnSale, sentQuote } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { decodeEntities, htmlText } from './helpers/site.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

/** The site's own address (SITE_URL): the API's cross-site check wants it as the Origin. */
const ORIGIN = 'http://localhost:3000';
/** No-break spaces (French and the money formats put them in) read as plain ones. */
const spaced = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const textOf = async (res: Response) => spaced(htmlText(await res.text()));

/** The page is in `lang` (its <html lang>), and its text holds each of `words` and none of the English `english`. */
function expectPageIn(html: string, lang: string, words: string[], english: RegExp): void {
  expect(html).toContain(`<html lang="${lang}"`);
  const text = spaced(htmlText(html));
  for (const w of words) expect(text, w).toContain(w);
  expect(text).not.toMatch(english);
}

describe.each(backends())('the traveller’s forms and pages in their language on %s', (backend) => {
  let site: InProcessSite;
  let slug: string;
  let departureId: number;

  const post = (path: string, body: URLSearchParams | FormData | string, type?: string) =>
    fetch(`${site.base}${path}`, { method: 'POST', redirect: 'manual', headers: { origin: ORIGIN, ...(type ? { 'content-type': type } : {}) }, body });

  beforeAll(async () => {
    site = await startSite({ backend, env: { SITE_LANGUAGES: 'en,de,fr,es' }, drivenMail: true });
    ({ id: departureId, slug } = await departureOnSale(site));
  }, 300_000);
  afterAll(async () => {
    await site?.stop();
  });

  describe('the review form', () => {
    const review = (over: Record<string, string>) =>
      new URLSearchParams({ slug, name: 'Claire Martin', country: 'France', rating: '5', text: 'Un trek inoubliable avec les gorilles de Bwindi.', ...over });

    it('sends a French review without JavaScript back to its French page, with the French message and the values kept', async () => {
      const res = await post(localizePath('/review', 'fr'), review({ rating: '' }), 'application/x-www-form-urlencoded');
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('<html lang="fr"');
      const text = spaced(htmlText(html));
      expect(text).toContain('Veuillez choisir une note de 1 à 5 étoiles.');
      expect(text).toContain('Veuillez vérifier votre avis');
      expect(text).not.toContain(REVIEW_MESSAGES.rating);
      expect(decodeEntities(html)).toContain('value="Claire Martin"');
      expect(decodeEntities(html)).toContain('Un trek inoubliable avec les gorilles de Bwindi.');
      expect(html).toContain(`action="${localizePath('/review', 'fr')}"`);
    });

    it('thanks a French reviewer on the French thank-you page', async () => {
      const res = await post(localizePath('/review', 'fr'), review({}), 'application/x-www-form-urlencoded');
      expect(res.status).toBe(303);
      const location = res.headers.get('location')!;
      expect(location).toBe(`${localizePath('/review', 'fr')}?sent=${slug}`);
      const thanks = await textOf(await fetch(site.base + location));
      expect(thanks).toContain('Merci pour votre avis !');
      expect(thanks).toContain('Retour au safari');
    });

    it('answers the review API’s checks in the body’s language, the spec’s English without one, and refuses an unknown language', async () => {
      const api = (fields: Record<string, string>) => post(`/api/safaris/${slug}/reviews`, JSON.stringify(fields), 'application/json');
      const errorOf = async (res: Response) => ({ status: res.status, error: ((await res.json()) as { error: string }).error });
      const base = Object.fromEntries(review({}));
      expect(await errorOf(await api({ ...base, name: '', language: 'fr' }))).toEqual({ status: 400, error: 'Veuillez saisir votre nom.' });
      expect(await errorOf(await api({ ...base, text: 'Zu kurz.', language: 'de' }))).toEqual({
        status: 400,
        error: 'Bitte erzählen Sie anderen Reisenden in mindestens 20 Zeichen von Ihrer Safari.',
      });
      expect(await errorOf(await api({ ...base, text: 'Mire www.ejemplo.com para más fotos del viaje', language: 'es' }))).toEqual({
        status: 400,
        error: 'No incluya direcciones web en su opinión.',
      });
      expect(await errorOf(await api({ ...base, name: '' }))).toEqual({ status: 400, error: REVIEW_MESSAGES.name });
      expect(await errorOf(await api({ ...base, language: 'it' }))).toEqual({ status: 400, error: LANGUAGE_FIELD_MESSAGE });
      const thanked = await api({ ...base, name: 'Lucía Pérez', language: 'es' });
      expect(thanked.status).toBe(201);
      expect(((await thanked.json()) as { message: string }).message).toMatch(/^¡Gracias por su opinión!/);
    });
  });

  describe('seats booked from a German departure page', () => {
    const bookingPage = () => localizePath(`/safaris/${slug}/departures/${departureId}`, 'de');
    const form = (over: Record<string, string>) =>
      new URLSearchParams({ traveller0: 'Lena Vogel', traveller1: 'Jonas Vogel', singleRooms: '1', email: 'lena@example.com', phone: '', acceptTerms: 'yes', ...over });

    it('shows the German page with the seats, the price lines and the terms in German', async () => {
      const html = await (await fetch(`${site.base}${bookingPage()}?seats=2`)).text();
      const words = [
        'Buchen Sie Ihre Plätze',
        'Wie viele Reisende?',
        '2 Plätze × 2.450 $',
        '1 Einzelzimmer',
        'Anzahlung zur Bestätigung:',
        'Bedingungen lesen',
        '2 Plätze buchen',
        'Reisende(r) 1 (Hauptreisende(r))',
      ];
      expectPageIn(html, 'de', words, /Book your seats|How many travellers|Deposit to confirm/);
    });

    it('refuses a booking without the terms in German, the values kept', async () => {
      const res = await post(`${bookingPage()}?seats=2`, form({ acceptTerms: '', email: 'kein-haken@example.com' }), 'application/x-www-form-urlencoded');
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(spaced(htmlText(html))).toContain('Bitte kreuzen Sie das Kästchen an, um die Bedingungen anzunehmen.');
      expect(decodeEntities(html)).toContain('value="kein-haken@example.com"');
    });

    it('stores the booking as German; its trip page and its confirmation e-mail are German', async () => {
      const res = await post(`${bookingPage()}?seats=2`, form({}), 'application/x-www-form-urlencoded');
      expect(res.status).toBe(302);
      const trip = res.headers.get('location')!;
      expect(trip).toMatch(/^\/trip\/[\w-]{43}$/);
      expect(await site.rows<{ language: string }>("select language from bookings where lead_email = 'lena@example.com'")).toEqual([{ language: 'de' }]);
      const html = await (await fetch(site.base + trip)).text();
      const words = [
        'Ihre Buchung',
        'Bestätigt, Anzahlung ausstehend',
        'Noch zu zahlen',
        'Ihre Reiseroute',
        'Preisaufstellung',
        'Was Sie mitbringen sollten',
        'Ihre Reisenden',
        'Fragen zu Ihrer Reise?',
      ];
      expectPageIn(html, 'de', words, /Your booking|Still to pay|Price breakdown|What to bring/);
      const [mail] = await site.rows<{ subject: string }>("select message->>'subject' as subject from mail_outbox where kind = 'booking-confirmation' order by id desc limit 1");
      expect(mail!.subject).toMatch(/^Buchung \S+ bestätigt/);
    });
  });

  describe('a Spanish quote’s trip page', () => {
    let token: string;
    beforeAll(async () => {
      const db = site.app.database!.db;
      const [enquiry] = await db
        .insert(enquiries)
        .values({ name: 'Lucía Pérez', email: 'lucia@example.com', phone: '+34600000001', message: 'Gorilas en julio', preferred_contact_method: 'Email', language: 'es' })
        .returning();
      token = await db.transaction(async (tx) => {
        const { quote } = await sentQuote(tx);
        await tx.update(quotes).set({ enquiry_id: enquiry!.id }).where(eq(quotes.id, quote.id));
        return createTripLink(tx, quote.id);
      });
    });

    it('is Spanish at /trip/{token}, its PDF still served', async () => {
      const html = await (await fetch(`${site.base}/trip/${token}`)).text();
      const words = ['Su presupuesto', 'Su itinerario', 'Desglose del precio', 'Aceptar este presupuesto', 'Descargar este presupuesto (PDF)', 'Viajero 1'];
      expectPageIn(html, 'es', words, /Your itinerary|Accept this quote|Price breakdown/);
      // The header's switcher changes the page's language at the same address.
      expect(html).toContain(`href="/trip/${token}?lang=en"`);
      const pdf = await fetch(`${site.base}/trip/${token}/quote.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    });

    it('keeps the English view of a link it cannot open word for word', async () => {
      const english = await fetch(`${site.base}/trip/${'x'.repeat(43)}`);
      expect(english.status).toBe(404);
      const html = await english.text();
      expect(html).toContain('<title>Your trip | Kigezi Trails</title>');
      expect(html).toContain('<p class="eyebrow">Your trip</p><h1 id="trip-error">We cannot show this trip</h1>');
      expect(html).toContain('<p>Call or WhatsApp us on <a href="tel:+256772418260">+256 772 418 260</a>, or write to <a href="mailto:info@kigezitrails.example">info@kigezitrails.example</a>.</p>');
    });

    it('shows itself in English when the traveller asks with the switcher', async () => {
      const html = await (await fetch(`${site.base}/trip/${token}?lang=en`)).text();
      expect(html).toContain('<html lang="en-GB"');
      expect(await textOf(new Response(html))).toContain('Accept this quote');
    });

    it('answers an accepted quote in Spanish', async () => {
      const res = await post(`/trip/${token}`, new URLSearchParams({ intent: 'accept', language: 'es', version: '1', leadName: '', traveller0: 'Amina Okello' }), 'application/x-www-form-urlencoded');
      expect(res.status).toBe(400);
      expect(await textOf(res)).toContain('Indique el nombre completo del viajero principal.');
    });

    it('thanks the traveller in Spanish with the address the details went to, as the English sentence does', async () => {
      const res = await post(
        `/trip/${token}`,
        new URLSearchParams({
          intent: 'accept',
          language: 'es',
          version: '1',
          leadName: 'Amina Okello',
          traveller0: 'Amina Okello',
          traveller1: 'Daniel Okello',
          traveller2: 'Neema Okello',
          acceptTerms: 'yes',
        }),
        'application/x-www-form-urlencoded',
      );
      expect(res.status).toBe(200);
      const text = await textOf(res);
      expect(text).toMatch(/Gracias: su reserva B-\d{4}-\d{4} está confirmada\. Hemos enviado los detalles a amina@example\.com\./);
      expect(text).not.toContain('Thank you: your booking');
    });
  });

  it('lands a German subscriber’s confirmation link on the German page, which confirms in German', async () => {
    const res = await post('/api/admin/clients', JSON.stringify({ fullName: 'Lena Vogel', email: 'lena.news@example.com', language: 'de' }), 'application/json');
    expect(res.status).toBeLessThan(300);
    const [mail] = await site.rows<{ text: string }>("select message->>'text' as text from mail_outbox where kind = 'newsletter-confirmation' order by id desc limit 1");
    const link = /https?:\/\/\S+\/newsletter\/bestaetigen\?token=[\w-]+/.exec(mail!.text)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe(localizePath('/newsletter/confirm', 'de'));
    const page = await (await fetch(site.base + url.pathname + url.search)).text();
    expect(page).toContain('<html lang="de"');
    expect(spaced(htmlText(page))).toContain('Bestätigen Sie Ihr Abonnement');
    const confirmed = await post(url.pathname + url.search, new URLSearchParams({ token: url.searchParams.get('token')! }), 'application/x-www-form-urlencoded');
    expect(confirmed.status).toBe(200);
    expect(await textOf(confirmed)).toContain('Ihr Abonnement ist bestätigt. Willkommen beim Newsletter von Kigezi Trails!');
    const cut = await post(url.pathname, new URLSearchParams({ token: 'abc' }), 'application/x-www-form-urlencoded');
    expect(cut.status).toBe(400);
    expect(await textOf(cut)).toContain('Dieser Link ist unvollständig. Bitte öffnen Sie den Link aus der E-Mail erneut.');
  });

  it('writes a French page’s WhatsApp message in French, and counts its click under the French path', async () => {
    const html = decodeEntities(await (await fetch(`${site.base}${localizePath('/parks', 'fr')}`)).text());
    const texts = [...html.matchAll(/href="https:\/\/wa\.me\/[^"?]+\?text=([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/^Bonjour Kigezi Trails ! /);
    const lead = await post('/api/leads/whatsapp', JSON.stringify({ path: localizePath('/parks', 'fr') }), 'text/plain;charset=UTF-8');
    expect(lead.status).toBe(204);
    expect(await site.rows<{ path: string }>(`select path from whatsapp_leads where path = '${localizePath('/parks', 'fr')}'`)).toHaveLength(1);
    const english = decodeEntities(await (await fetch(`${site.base}/parks`)).text());
    expect(english).toMatch(/wa\.me\/[^"?]+\?text=Hello%20Kigezi%20Trails!/);
  });
});
