// The PDFs a traveller receives in their stored language, on PGlite and PostgreSQL: a Spanish
// booking's receipt (the console's download and the receipt e-mail's attachment) has Spanish titles,
// labels, payment method, money and dates, and the console can still download the English copy;
// a German enquiry's reply with the itinerary attached carries the safari's German itinerary and
// names it in German, and the quote sent for it is a German PDF; a French enquiry whose safari has
// no French translation gets the English itinerary.
import './helpers/production.ts';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDetail } from '../common/booking-console.ts';
import { createBooking } from '../server/bookings/bookings.ts';
import { bookingDetail } from '../server/bookings/console.ts';
import { importTranslationFiles, readTranslationFiles } from '../server/content/translation-files.ts';
import { defaultContentDir, loadContentFiles } from '../server/db/content.ts';
import { paymentReceiptMessage } from '../server/payments/mail.ts';
import { sampleQuoteDocument, sentQuote } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { attachmentsOf, startTestSmtp, type TestSmtp } from './helpers/smtp.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, type SignedIn, signIn } from './helpers/staff.ts';

/** A safari the content translates into German (content/translations/de/safaris/), not into French. */
const SLUG = '1-day-bwindi-gorilla-trek-from-kabale';
/** The console's clock: the operator's morning of 27 November 2026. */
const NOW = new Date('2026-11-27T06:00:00Z');

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  // No-break spaces (the money of French and Spanish) read as plain ones.
  return (text as string).replace(/[\s\u00a0\u202f]+/g, ' ');
}
const pdfLanguage = (bytes: Uint8Array) => /\/Lang \(([^)]*)\)/.exec(Buffer.from(bytes).toString('latin1'))?.[1];

describe.each(backends())('the traveller’s PDFs in their language on %s', (backend) => {
  let site: InProcessSite;
  let smtp: TestSmtp;
  let owner: SignedIn;
  let agent: SignedIn;
  const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    site = await startSite({ backend, drivenMail: true, env: { SMTP_URL: smtp.url, SITE_LANGUAGES: 'en,de,fr,es' }, app: { admin: { clock: () => NOW } } });
    const db = site.app.database!.db;
    await addStaff(db, 'owner@kigezitrails.example', 'owner', undefined, 'Olivia Owner');
    await addStaff(db, 'agent@kigezitrails.example', 'agent', undefined, 'Amos Agent');
    // The safari's German translation as the content holds it.
    const { documents } = await loadContentFiles();
    const english = new Map(documents.map((d) => [`${d.collection}/${d.slug}`, d.document]));
    const { files } = await readTranslationFiles(defaultContentDir);
    const ours = files.filter((f) => f.language === 'de' && f.collection === 'safaris' && f.fileSlug === SLUG);
    expect(ours).toHaveLength(1);
    expect(await importTranslationFiles(db, ours, english)).toMatchObject({ refused: [] });
    // Signed in last, so the first requests do not wait on a connection left idle by the import.
    [owner, agent] = await Promise.all([signIn(site.base, 'owner@kigezitrails.example'), signIn(site.base, 'agent@kigezitrails.example')]);
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await smtp?.stop();
  });

  describe('the receipt of a Spanish booking', () => {
    let id: number;
    let b: BookingDetail;

    beforeAll(async () => {
      const db = site.app.database!.db;
      const { version } = await db.transaction((tx) => sentQuote(tx));
      const made = await db.transaction((tx) =>
        createBooking(tx, { quoteVersionId: version.id, lead: { name: 'Lucía García', email: 'lucia@example.es' }, travellers: ['Lucía García', 'Pablo García', 'Inés García'], today: '2026-11-27' }),
      );
      id = made.id;
      await site.rows(`update bookings set language = 'es' where id = ${id}`);
      const res = await agent.send(`/bookings/${id}/ledger`, { kind: 'payment', amountMinor: 273_600, method: 'bank-transfer', reference: 'TR-88', receivedOn: '2026-11-26' });
      expect(res.status).toBe(201);
      b = (await bookingDetail(db, id, '2026-11-27'))!;
      expect(b.language).toBe('es');
    });

    /** A receipt the console downloads: a PDF tagged with `language`, as text. */
    async function receipt(path: string, language: string): Promise<string> {
      const res = await agent.get(path);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(pdfLanguage(bytes)).toBe(language);
      return pdfText(bytes);
    }

    it('downloads from the console in Spanish: titles, labels, method, money and dates', async () => {
      const text = await receipt(`/bookings/${id}/receipts/${b.ledger[0]!.id}`, 'es');
      for (const label of [
        'Recibo de pago',
        `Número de recibo ${b.reference}-R${b.ledger[0]!.id}`,
        'Fechas del viaje del 10 de marzo de 2027 al 13 de marzo de 2027',
        'Viajero principal Lucía García',
        'Importe recibido 2736 US$',
        'Forma de pago Transferencia bancaria',
        'Referencia TR-88',
        'Recibido el 26 de noviembre de 2026',
        'Registrado por Amos Agent',
        'Precio del viaje 9119,99 US$',
        'Recibido hasta la fecha 2736 US$',
        'Pendiente de pago 6383,99 US$',
        'Próximo pago 6383,99 US$ (saldo) antes del 9 de enero de 2027',
        'Gracias por viajar con Kigezi Trails.',
      ])
        expect(text, label).toContain(label);
      expect(text).not.toMatch(/Payment receipt|Amount received|Bank transfer|Still to pay|\$2,736/);
    });

    it('gives the console the English copy on asking, and no third language', async () => {
      const entry = b.ledger[0]!.id;
      const text = await receipt(`/bookings/${id}/receipts/${entry}?language=en`, 'en-GB');
      for (const label of [
        'Payment receipt',
        'Travel dates 10 March 2027 to 13 March 2027',
        'Amount received $2,736',
        'Method Bank transfer',
        'Received on 26 November 2026',
        'Still to pay $6,383.99',
        'Next payment $6,383.99 (balance) by 9 January 2027',
      ])
        expect(text, label).toContain(label);
      const german = await agent.get(`/bookings/${id}/receipts/${entry}?language=de`);
      expect([german.status, ((await german.json()) as { error: string }).error]).toEqual([400, 'A receipt is in the booking’s language or in English.']);
      // The booking's page offers both.
      const html = await (await fetch(`${site.base}/admin/bookings/${id}`, { headers: { cookie: owner.cookie } })).text();
      expect(html).toContain(`href="/admin/bookings/${id}/receipts/${entry}"`);
      expect(html).toContain(`href="/admin/bookings/${id}/receipts/${entry}?language=en"`);
    });

    it('attaches the Spanish receipt to the receipt e-mail, a refund titled as one', async () => {
      const message = await paymentReceiptMessage(b, b.ledger[0]!, { from: 'Kigezi Trails <hello@kigezitrails.example>', operatorEmail: 'ops@kigezitrails.example' });
      const [file] = message.attachments ?? [];
      const text = await pdfText(Buffer.from(file!.contentBase64, 'base64'));
      expect(text).toContain('Recibo de pago');
      expect(text).toContain('Importe recibido 2736 US$');
      const refund = { ...b.ledger[0]!, id: b.ledger[0]!.id + 1, kind: 'refund' as const, amountMinor: -50_000, method: 'bank-transfer', reason: 'Cambio de planes' };
      const refunded = { ...b, ledger: [...b.ledger, refund] };
      const note = await paymentReceiptMessage(refunded, refund, { from: 'Kigezi Trails <hello@kigezitrails.example>', operatorEmail: 'ops@kigezitrails.example' });
      const noteText = await pdfText(Buffer.from(note.attachments![0]!.contentBase64, 'base64'));
      for (const label of ['Nota de reembolso', 'Importe -500 US$', 'Fecha 26 de noviembre de 2026', 'Motivo Cambio de planes', 'Recibido hasta la fecha 2236 US$'])
        expect(noteText, label).toContain(label);
    });
  });

  describe('a reply with the itinerary attached', () => {
    const enquiry = async (name: string, email: string, language: string) =>
      (
        await site.rows<{ id: number }>(
          `insert into enquiries (name, email, phone, message, preferred_contact_method, source, safari, safari_id, language)
           select '${name}', '${email}', '+4915112345678', 'Gorillas im Juli', 'Email', 'safari', safarititleslug, id, '${language}' from safaris where safarititleslug = '${SLUG}' returning id`,
        )
      )[0]!.id;

    /** An agent's reply to the enquiry with the itinerary attached, as the traveller receives it. */
    async function replyWithItinerary(id: number, email: string, subject: string, body: string) {
      const res = await agent.send(`/enquiries/${id}/replies`, { subject, body, attachItinerary: true });
      expect(res.status, await res.clone().text()).toBe(201);
      await site.drainMail();
      const reply = mailTo(email).find((m) => m.header('subject') === subject);
      const [file] = attachmentsOf(reply);
      expect(file?.filename).toBe(`${SLUG}-itinerary.pdf`);
      return { reply, file: file! };
    }

    it('sends a German enquiry the German itinerary, named in German', async () => {
      const id = await enquiry('Jonas Weber', 'jonas@example.de', 'de');
      const { reply, file } = await replyWithItinerary(id, 'jonas@example.de', 'Ihre Gorilla-Safari', 'Guten Tag Herr Weber,\n\nanbei der Reiseverlauf.');
      expect(pdfLanguage(file.bytes)).toBe('de');
      const text = await pdfText(file.bytes);
      expect(text.replace(/ /g, '')).toContain('SAFARI-REISEVERLAUF');
      expect(text).toContain('1 Tag: Gorilla-Trekking in Bwindi ab Kabale');
      for (const label of ['Überblick', 'Ausführlicher Reiseverlauf', 'Dieser Reiseverlauf online', 'Seite 1 von 3']) expect(text, label).toContain(label);
      expect(text).toMatch(/https?:\/\/[^ ]+\/de\/safaris\//);
      expect(text).not.toMatch(/Overview|Detailed itinerary|Page 1 of/);
      // The reply's own lines are German too; the operator's copy keeps the console's English line.
      expect(reply?.text).toContain(`Im Anhang: ${SLUG}-itinerary.pdf.`);
      expect(reply?.text).toContain(`Ihre Anfragenummer: ${id}`);
      expect(reply?.text).not.toMatch(/Attached:|Your enquiry reference/);
      expect(reply?.raw).toContain('<html lang=3D"de">');
    });

    it('attaches the quote sent for a German enquiry as a German PDF', async () => {
      const id = await enquiry('Anna Schmidt', 'anna@example.de', 'de');
      const document = sampleQuoteDocument({ validUntil: '2099-12-31' });
      const made = (await (await owner.send('/quotes', { traveller: { name: 'Anna Schmidt', email: 'anna@example.de' }, enquiryId: id, document })).json()) as { id: number; reference: string };
      expect((await owner.send(`/quotes/${made.id}/send`)).status).toBe(200);
      await site.drainMail();
      const [mail] = mailTo('anna@example.de');
      const [file] = attachmentsOf(mail);
      expect(file?.filename).toBe(`${made.reference}-v1.pdf`);
      expect(pdfLanguage(file!.bytes)).toBe('de');
      const text = await pdfText(file!.bytes);
      for (const label of ['Erstellt für', 'Preisaufstellung', 'Gültigkeit und Bedingungen', 'Vollpension']) expect(text, label).toContain(label);
      expect(text).not.toMatch(/Prepared for|Price breakdown/);
    });

    it('sends a French enquiry the English itinerary when the safari has no French translation', async () => {
      const id = await enquiry('Claire Dubois', 'claire@example.fr', 'fr');
      const { reply, file } = await replyWithItinerary(id, 'claire@example.fr', 'Votre safari', 'Bonjour Madame Dubois,\n\nvoici le programme.');
      expect(pdfLanguage(file.bytes)).toBe('en-GB');
      const text = await pdfText(file.bytes);
      expect(text).toContain('Detailed itinerary');
      expect(reply?.text).toContain(`Pièces jointes : ${SLUG}-itinerary.pdf.`);
      expect(reply?.text).toContain(`Référence de votre demande : n° ${id}`);
    });
  });
});
