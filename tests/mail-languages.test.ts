// The e-mails to travellers in their language, through a real SMTP server, on PGlite and
// PostgreSQL: a French enquiry sent from a /fr/ page is acknowledged in French (its trip's dates
// and budget in French) while the operator's notice stays English; a French sign-up's
// confirmation links to the French pages; a booking made from a French enquiry's quote gets its
// confirmation, reminders, receipt and cancellation in French; the quote sent for it too; a
// newsletter campaign's footer and unsubscribe page are in each subscriber's language; an English
// enquiry's e-mails are unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlIn } from '../common/language-paths.ts';
import { bookingAccount, createBooking } from '../server/bookings/bookings.ts';
import { bookingDetail } from '../server/bookings/console.ts';
import { recordLedgerEntry } from '../server/bookings/ledger.ts';
import { createQuote, markQuoteSent } from '../server/bookings/quotes.ts';
import { runBookingReminders } from '../server/bookings/reminders.ts';
import { departureCancelledMessage } from '../server/departures/mail.ts';
import { enqueueMail } from '../server/mail/outbox.ts';
import { sendCampaign } from '../server/newsletter/send.ts';
import { bookingConfirmationMessage, quoteSentMessage } from '../server/mail/quote-mail.ts';
import { paymentReceiptMessage } from '../server/payments/mail.ts';
import { checkQuoteDocument } from '../common/quote-document.ts';
import { sampleQuoteDocument } from './helpers/bookings.ts';
import { backends, openTestDatabase, type TestDatabase } from './helpers/db.ts';
import { FROM, formsHarness, goodEnquiry, OPERATOR, SITE, type FormsHarness } from './helpers/forms.ts';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from './helpers/smtp.ts';
import { addStaff } from './helpers/staff.ts';

/** A header as it reads: RFC 2047 encoded words decoded. */
function decoded(value: string | undefined): string {
  return (value ?? '').replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
/** No-break spaces (French puts narrow ones in numbers and before $US) read as plain ones. */
const spaced = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
const subjectOf = (m: ReceivedMail | undefined) => spaced(decoded(m?.header('subject')));
const textOf = (m: ReceivedMail | undefined) => spaced(m?.text ?? '');

const mailOpts = { from: FROM, operatorEmail: OPERATOR };
const frenchTrip = { travelFrom: '2027-07-04', travelTo: '2027-07-12', adults: '2', children: '1', childAges: '9', budget: '3500-5000' };

describe.each(backends())('e-mails in the traveller’s language on %s', (backend) => {
  let smtp: TestSmtp;
  let tdb: TestDatabase;
  let h: FormsHarness;
  const to = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const deliver = async () => {
    while ((await h.forms.worker.runOnce()) > 0);
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    tdb = await openTestDatabase(backend);
    h = await formsHarness(backend, { tdb, smtp, forms: { startWorker: false } });
  });
  afterAll(async () => {
    await h?.close();
    await smtp?.stop();
    await tdb?.drop();
  });

  it('acknowledges an enquiry sent from a French page in French; the operator’s notice stays English', async () => {
    const e = { ...goodEnquiry(1), name: 'Claire Dubois', email: 'claire@example.fr', currentUrl: `${SITE}/fr/safaris/3-days-bwindi-gorilla-safari`, language: 'fr', ...frenchTrip };
    const res = await h.post('/plan-a-safari', e);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await h.rows<{ language: string }>(`select language from enquiries where id = ${id}`))[0]!.language).toBe('fr');
    await deliver();

    const [ack] = to('claire@example.fr');
    expect(subjectOf(ack)).toBe(`Nous avons bien reçu votre demande de safari (n° ${id})`);
    const text = textOf(ack);
    expect(text).toMatch(/^Bonjour Claire Dubois,\n/);
    expect(text).toContain('l’un de nos conseillers safari reviendra vers vous sur WhatsApp au numéro que vous nous avez indiqué');
    expect(text).toContain('Dates du voyage : du 4 juillet 2027 au 12 juillet 2027');
    expect(text).toContain('Voyageurs : 2 adultes, 1 enfant (âge 9)');
    expect(text).toContain('Budget par personne : De 3 500 à 5 000 $ US');
    expect(ack!.raw).toContain('<html lang=3D"fr">');
    // The operator's mailbox is named in French.
    expect(decoded(ack!.header('reply-to'))).toContain('Kigezi Trails – Réservations');

    const [notice] = to(OPERATOR);
    expect(subjectOf(notice)).toBe(`Safari enquiry #${id} from Claire Dubois`);
    expect(notice!.text).toContain('Travel dates: 4 July 2027 to 12 July 2027');
  });

  it('acknowledges an English enquiry in English, as before', async () => {
    const res = await h.post('/plan-a-safari', { ...goodEnquiry(2), email: 'amina2@example.com', ...frenchTrip });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await deliver();
    const [ack] = to('amina2@example.com');
    expect(subjectOf(ack)).toBe(`We received your safari enquiry (#${id})`);
    expect(ack!.text).toContain('The trip you described: Travel dates: 4 July 2027 to 12 July 2027; Travellers: 2 adults, 1 child (age 9); Budget per person: US$3,500 to 5,000.');
    expect(ack!.raw).toContain('<html lang=3D"en">');
    expect(decoded(ack!.header('reply-to'))).toContain('Kigezi Trails bookings');
  });

  it('confirms a French newsletter sign-up in French, with links to the French pages', async () => {
    const res = await h.post('/admin/clients', { fullName: 'Claire Dubois', email: 'claire.news@example.fr', language: 'fr' });
    expect(res.status).toBe(200);
    await deliver();
    const [mail] = to('claire.news@example.fr');
    expect(subjectOf(mail)).toBe('Merci de confirmer votre inscription à la newsletter de Kigezi Trails');
    const text = textOf(mail);
    expect(text).toContain('Merci de confirmer que vous souhaitez recevoir la newsletter de Kigezi Trails');
    const confirm = urlIn(`${SITE}/newsletter/confirm?token=x`, 'fr').replace(/x$/, '');
    expect(confirm).toMatch(/^https:\/\/www\.kigezitrails\.example\/fr\//);
    expect(text).toMatch(new RegExp(`Confirmer votre inscription : ${confirm.replace(/[.?]/g, '\\$&')}[A-Za-z0-9_-]{32}\\n`));
    expect(text).toContain(`Se désabonner : ${urlIn(`${SITE}/newsletter/unsubscribe`, 'fr')}?token=`);
  });

  it('sends the quote, the booking, the reminders, the receipt and a cancellation of a French enquiry’s trip in French', async () => {
    const db = tdb.db;
    const [enquiry] = await h.rows<{ id: number }>(`select id from enquiries where language = 'fr' limit 1`);
    const made = await db.transaction(async (tx) => {
      const { quote } = await createQuote(tx, { traveller: { name: 'Claire Dubois', email: 'claire@example.fr' }, document: sampleQuoteDocument(), year: 2026, enquiryId: enquiry!.id });
      const version = await markQuoteSent(tx, quote.id, null);
      const checked = checkQuoteDocument(version.document);
      if (!checked.ok) throw new Error('the sample quote does not check');
      const booking = await createBooking(tx, {
        quoteVersionId: version.id,
        lead: { name: 'Claire Dubois', email: 'claire@example.fr' },
        travellers: ['Claire Dubois', 'Marc Dubois', 'Léa Dubois'],
        today: '2026-11-27',
      });
      const account = (await bookingAccount(tx, booking.id, '2026-11-27'))!.account;
      const common = { reference: booking.reference, title: checked.document.title, lead: { name: 'Claire Dubois', email: 'claire@example.fr' }, language: booking.language as 'fr' };
      await enqueueMail(tx, 'kigezitrails.example', [
        {
          kind: 'quote-sent',
          message: quoteSentMessage(
            { reference: quote.reference, version: 1, traveller: common.lead, document: checked.document, price: checked.price, tripUrl: `${SITE}/trip/abc`, author: { name: 'Amos' }, language: 'fr' },
            mailOpts,
          ),
        },
        {
          kind: 'booking-confirmation',
          message: bookingConfirmationMessage(
            {
              ...common,
              quoteReference: quote.reference,
              travellers: ['Claire Dubois', 'Marc Dubois', 'Léa Dubois'],
              travelFrom: booking.travel_from,
              travelTo: booking.travel_to,
              account,
              tripUrl: `${SITE}/trip/abc`,
            },
            mailOpts,
          ),
        },
        {
          kind: 'departure-cancelled',
          message: departureCancelledMessage({ ...common, startsOn: booking.travel_from, reason: 'Trop peu de voyageurs.', paidMinor: 150_000, currency: 'USD' }, mailOpts),
        },
      ]);
      return { booking, quote, document: checked.document };
    });
    expect(made.booking.language).toBe('fr');
    const staffId = await addStaff(db, 'owner@kigezitrails.example', 'owner');
    const { entry } = await db.transaction((tx) =>
      recordLedgerEntry(tx, made.booking.id, { kind: 'payment', amountMinor: 273_600, method: 'bank-transfer', receivedOn: '2026-11-27' }, { staffId }, '2026-11-27'),
    );
    const detail = (await bookingDetail(db, made.booking.id, '2026-11-27'))!;
    const line = detail.ledger.find((l) => l.id === entry.id)!;
    await db.transaction((tx) => paymentReceiptMessage(detail, line, mailOpts).then((message) => enqueueMail(tx, 'kigezitrails.example', [{ kind: 'payment-receipt', message }])));
    const reminders = { siteUrl: SITE, from: FROM, messageIdDomain: 'kigezitrails.example', operatorEmail: OPERATOR };
    for (const day of ['2026-12-26', '2027-01-10', '2027-03-03']) await runBookingReminders(db, { ...reminders, clock: () => new Date(`${day}T06:00:00Z`) });
    smtp.received.length = 0;
    await deliver();

    const mails = to('claire@example.fr');
    const bySubject = (start: string) => mails.find((m) => subjectOf(m).startsWith(start));
    const quote = bySubject('Votre devis safari');
    expect(subjectOf(quote)).toBe(`Votre devis safari ${made.quote.reference} : ${made.document.title}`);
    expect(textOf(quote)).toContain(`Votre devis ${made.quote.reference} pour « ${made.document.title} » est prêt.`);
    expect(textOf(quote)).toContain('Dates : du 10 mars 2027 au 13 mars 2027');
    expect(textOf(quote)).toMatch(/Total : [\d ]+(,\d\d)? \$US\n/);

    const booked = bySubject('Réservation');
    expect(subjectOf(booked)).toBe(`Réservation ${made.booking.reference} confirmée : ${made.document.title}`);
    expect(textOf(booked)).toContain('Merci : votre safari est réservé.');
    expect(textOf(booked)).toMatch(/Merci de régler l’acompte de [\d ,]+ \$US au plus tard le \d+ \S+ 20\d\d\./);

    const receipt = bySubject('Paiement reçu');
    expect(subjectOf(receipt)).toBe(`Paiement reçu : 2 736 $US pour votre réservation ${made.booking.reference}`);
    expect(textOf(receipt)).toContain(`Merci : nous avons bien reçu 2 736 $US pour votre réservation ${made.booking.reference} (« ${made.document.title} »).`);

    const due = mails.find((m) => subjectOf(m).includes('est à régler'));
    expect(subjectOf(due)).toBe(`Le solde de ${made.document.title} est à régler le samedi 9 janvier 2027`);
    expect(textOf(due)).toContain('il reste 6 383,99 $US à payer');
    expect(subjectOf(mails.find((m) => subjectOf(m).endsWith('est en retard')))).toBe(`Le solde de ${made.document.title} est en retard`);
    const soon = bySubject('Votre voyage commence');
    expect(subjectOf(soon)).toBe('Votre voyage commence dans 7 jours');
    expect(textOf(soon)).toContain('commence le mercredi 10 mars 2027. Nous nous réjouissons de vous accueillir.');
    // The trip page's link names the traveller's language (an English one is as it was).
    expect(textOf(soon)).toMatch(new RegExp(`${SITE.replace(/\./g, '\\.')}/trip/[A-Za-z0-9_-]{43}\\?lang=fr\\n`));

    for (const m of [quote, booked]) expect(decoded(m!.header('reply-to'))).toContain('Kigezi Trails – Réservations');
    const cancelled = bySubject('Départ annulé');
    expect(subjectOf(cancelled)).toBe(`Départ annulé : ${made.document.title}, 10 mars 2027 (réservation ${made.booking.reference})`);
    expect(textOf(cancelled)).toContain('Vous serez intégralement remboursé de ce que vous avez payé, soit 1 500 $US');
    expect(decoded(cancelled!.header('reply-to'))).toContain('Kigezi Trails – Réservations');
    expect(mails.every((m) => m.raw.includes('<html lang=3D"fr">'))).toBe(true);
    expect(mails).toHaveLength(7);
  });

  it('sends a campaign with the footer and the unsubscribe page in each subscriber’s language; the owner’s words as written', async () => {
    await h.rows(`insert into newsletter_subscribers (full_name, email, email_key, status, confirm_token_hash, unsubscribe_token_hash, language) values
      ('Lucía García', 'lucia.news@example.es', 'lucia.news@example.es', 'confirmed', md5('c-es'), md5('u-es'), 'es'),
      ('Jonas Weber', 'jonas.news@example.de', 'jonas.news@example.de', 'confirmed', md5('c-de'), md5('u-de'), 'de'),
      ('Amina Okello', 'amina.news@example.com', 'amina.news@example.com', 'confirmed', md5('c-en'), md5('u-en'), 'en')`);
    const [campaign] = await h.rows<{ id: number }>(`insert into newsletter_campaigns (subject, body_md, status) values ('Gorilla permits 2027', 'Next season is **open**.', 'draft') returning id`);
    const opts = { siteUrl: SITE, trust: { mode: 'none' } as never, mailFrom: FROM, messageIdDomain: 'kigezitrails.example', operatorEmail: OPERATOR, ratePerMinute: 60_000, kick: () => {} };
    const queued = await sendCampaign(tdb.db, opts, campaign!.id, { staffId: null, actor: 'test', ip: null });
    expect(queued.queued).toBeGreaterThanOrEqual(3);
    smtp.received.length = 0;
    await new Promise((r) => setTimeout(r, 50));
    await deliver();
    const unsubscribe = (language: 'es' | 'de') => urlIn(`${SITE}/newsletter/unsubscribe`, language).replace(/[.?]/g, '\\$&');

    const [es] = to('lucia.news@example.es');
    expect(subjectOf(es)).toBe('Gorilla permits 2027');
    expect(textOf(es)).toContain('Next season is open.');
    expect(textOf(es)).toContain('Recibe este correo electrónico porque se suscribió al boletín de Kigezi Trails y confirmó su dirección.');
    expect(textOf(es)).toMatch(new RegExp(`Darse de baja: ${unsubscribe('es')}\\?token=[A-Za-z0-9_-]{32}\\n`));
    expect(es!.raw).toContain('<html lang=3D"es">');

    const [de] = to('jonas.news@example.de');
    expect(textOf(de)).toContain('Sie erhalten diese E-Mail, weil Sie den Newsletter von Kigezi Trails abonniert und Ihre Adresse bestätigt haben.');
    expect(textOf(de)).toMatch(new RegExp(`Abmelden: ${unsubscribe('de')}\\?token=[A-Za-z0-9_-]{32}\\n`));
    expect(unsubscribe('de')).toMatch(/\/de\//);

    const [en] = to('amina.news@example.com');
    expect(textOf(en)).toContain('You receive this e-mail because you subscribed to the Kigezi Trails newsletter and confirmed your address.');
    expect(textOf(en)).toMatch(new RegExp(`Unsubscribe: ${SITE.replace(/\./g, '\\.')}/newsletter/unsubscribe\\?token=[A-Za-z0-9_-]{32}\\n`));
    expect(en!.raw).toContain('<html lang=3D"en">');
  });
});
