// Online payments over HTTP against the local provider servers (tests/helpers/stripe-server.ts,
// flutterwave-server.ts), on PGlite and PostgreSQL: a card deposit, a mobile-money deposit in
// Uganda shillings, a card balance; the webhook before and after the browser returns, and twice;
// a forged signature and a wrong verif-hash refused; an amount that does not match flagged; a
// payment for a cancelled booking flagged; a webhook that never comes, reconciled; a refund from
// the console; one receipt e-mail (with its PDF) per payment. A card payment that fails after
// checkout (checkout.session.async_payment_failed) and a Checkout Session that expires: the attempt
// fails, nothing is booked, a departure's seats stay held until their hold runs out, and the
// traveller may pay again. A Flutterwave refund that stays pending, then completes or fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../common/booking-money.ts';
import type { AttemptLine, TripPayView } from '../common/payments.ts';
import { createBooking } from '../server/bookings/bookings.ts';
import { cancelBooking } from '../server/bookings/console.ts';
import { createTripLink } from '../server/bookings/trip-links.ts';
import { loadConfig } from '../server/config.ts';
import type { Db } from '../server/db/index.ts';
import { providersFromConfig, type PaymentsOptions } from '../server/payments/index.ts';
import { reconcilePayments } from '../server/payments/reconcile.ts';
import { releaseExpiredHolds } from '../server/departures/seats.ts';
import { sampleQuoteDocument, sentQuote } from './helpers/bookings.ts';
import { backends } from './helpers/db.ts';
import { type FlutterwaveTestServer, startFlutterwaveTestServer } from './helpers/flutterwave-server.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, signIn } from './helpers/staff.ts';
import { startStripeTestServer, type StripeTestServer } from './helpers/stripe-server.ts';

const WHSEC = 'whsec_testsecret0123456789';
const FLW_HASH = 'flw-test-hash-0123456789';
const today = new Date().toISOString().slice(0, 10);
const travelFrom = addDays(today, 120);
const doc = () => sampleQuoteDocument({ travelFrom, travelTo: addDays(travelFrom, 3), balanceDueOn: addDays(travelFrom, -60), validUntil: addDays(today, 14) });
type Json = Record<string, any>;

describe.each(backends())('online payments on %s', (backend) => {
  let site: InProcessSite;
  let stripe: StripeTestServer;
  let flw: FlutterwaveTestServer;
  let env: Record<string, string>;

  /** A booking of $9,119.99 (deposit $2,736.00) and its private page's token. */
  async function booking(): Promise<{ id: number; token: string; reference: string }> {
    const db = site.app.database!.db;
    return db.transaction(async (tx) => {
      const { quote, version } = await sentQuote(tx, doc());
      const token = await createTripLink(tx, quote.id);
      const b = await createBooking(tx, {
        quoteVersionId: version.id,
        lead: { name: 'Amina Okello', email: 'amina@example.com' },
        travellers: ['Amina Okello', 'David Okello', 'Grace Okello'],
        today,
      });
      return { id: b.id, token, reference: b.reference };
    });
  }
  const pay = (token: string, body: unknown) =>
    fetch(`${site.base}/api/trip/${token}/pay`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, body: JSON.stringify(body) });
  const view = async (token: string, attempt?: string) => (await (await fetch(`${site.base}/api/trip/${token}/payment${attempt ? `?attempt=${attempt}` : ''}`)).json()) as TripPayView;
  const ledger = (id: number) =>
    site.rows<{ amount_minor: string; kind: string; method: string; provider: string }>(`select amount_minor, kind, method, provider from ledger_entries where booking_id = ${id} order by id`);
  const receipts = (ref: string) => site.rows<{ message: Json }>(`select message from mail_outbox where kind = 'payment-receipt' and message->>'subject' like '%${ref}%'`);
  const sessionOf = (key: string) => [...stripe.sessions.values()].find((s) => s.client_reference_id === key)!;
  /** The reconciliation's options, its clock `minutes` ahead of now. */
  const opts = (minutes: number): PaymentsOptions => ({
    providers: providersFromConfig(loadConfig({ ...env, DATA_DIR: '/nonexistent' })),
    siteUrl: 'http://localhost:3000',
    mail: { from: 'Kigezi Trails <no-reply@kigezitrails.example>', operatorEmail: 'bookings@kigezitrails.example', messageIdDomain: 'kigezitrails.example' },
    onQueued: () => {},
    clock: () => new Date(Date.now() + minutes * 60_000),
  });
  /** A booking whose deposit came by M-Pesa in Kenya shillings, and an owner (`owner-{backend}-{who}@…`) signed in. */
  async function paidByMpesa(who: string) {
    const b = await booking();
    const started = (await (await pay(b.token, { what: 'deposit', method: 'mobile-money', currency: 'KES' })).json()) as { attempt: string };
    flw.pay(started.attempt);
    expect(JSON.parse((await flw.send(started.attempt)).body).outcome).toBe('paid');
    const email = `owner-${backend}-${who}@kigezitrails.example`;
    await addStaff(site.app.database!.db, email, 'owner');
    return { b, started, owner: await signIn(site.base, email) };
  }
  const attemptOf = async (key: string) =>
    (await site.rows<{ id: number; state: string; provider_ref: string | null }>(`select id, state, provider_ref from payment_attempts where idempotency_key = '${key}'`))[0]!;

  beforeAll(async () => {
    stripe = await startStripeTestServer({ webhookSecret: WHSEC });
    flw = await startFlutterwaveTestServer({ webhookHash: FLW_HASH });
    stripe.webhook.auto = false;
    flw.webhook.auto = false;
    env = {
      STRIPE_SECRET_KEY: 'sk_test_payments',
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_API_URL: stripe.url,
      FLUTTERWAVE_SECRET_KEY: 'FLWSECK_TEST-payments',
      FLUTTERWAVE_WEBHOOK_HASH: FLW_HASH,
      FLUTTERWAVE_API_URL: flw.url,
    };
    site = await startSite({ backend, drivenMail: true, env });
    stripe.webhook.url = `${site.base}/api/payments/stripe/webhook`;
    flw.webhook.url = `${site.base}/api/payments/flutterwave/webhook`;
  }, 120_000);
  afterAll(async () => {
    await site?.stop();
    await stripe?.close();
    await flw?.close();
  });

  it('takes a card deposit: attempt first, confirmed by the webhook once, replays and a second event changing nothing', async () => {
    const b = await booking();
    const before = await view(b.token);
    expect(before).toMatchObject({ reference: b.reference, due: { what: 'deposit', amountMinor: 273_600, currency: 'USD' }, card: true });
    expect(before.mobile.map((m) => m.currency)).toContain('UGX');
    const res = await pay(b.token, { what: 'deposit', method: 'card' });
    expect(res.status).toBe(201);
    const started = (await res.json()) as { url: string; attempt: string };
    const s = sessionOf(started.attempt);
    expect(started.url).toBe(s.url);
    expect([s.amount_total, s.currency]).toEqual([273_600, 'usd']);
    expect(stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.idempotencyKey === started.attempt)).toBeTruthy();
    // The browser is back before the webhook: being confirmed.
    expect((await view(b.token, started.attempt)).attempt).toMatchObject({ state: 'open', what: 'deposit' });
    stripe.pay(s.id);
    const first = await stripe.send('checkout.session.completed', s);
    expect([first.status, JSON.parse(first.body).outcome]).toEqual([200, 'paid']);
    const replay = await stripe.send('checkout.session.completed', s, { id: first.id });
    expect(JSON.parse(replay.body).outcome).toBe('replay');
    const other = await stripe.send('checkout.session.async_payment_succeeded', s);
    expect(JSON.parse(other.body).outcome).toBe('duplicate');
    expect(await ledger(b.id)).toEqual([{ amount_minor: expect.anything(), kind: 'payment', method: 'card', provider: 'stripe' }]);
    expect(Number((await ledger(b.id))[0]!.amount_minor)).toBe(273_600);
    const after = await view(b.token, started.attempt);
    expect(after.attempt?.state).toBe('paid');
    expect(after.due).toMatchObject({ what: 'balance', amountMinor: 638_399 });
    const mail = await receipts(b.reference);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.message.attachments[0]).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/^B-\d{4}-\d{4}-R\d+\.pdf$/) });
    expect(Buffer.from(mail[0]!.message.attachments[0].contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('takes the balance by card after the deposit, the webhook arriving before the browser returns', async () => {
    const b = await booking();
    const d = (await (await pay(b.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    await stripe.send('checkout.session.completed', stripe.pay(sessionOf(d.attempt).id));
    expect((await pay(b.token, { what: 'deposit', method: 'card' })).status).toBe(409);
    const bal = (await (await pay(b.token, { what: 'balance', method: 'card' })).json()) as { attempt: string };
    expect(sessionOf(bal.attempt).amount_total).toBe(638_399);
    await stripe.send('checkout.session.completed', stripe.pay(sessionOf(bal.attempt).id));
    const v = await view(b.token, bal.attempt);
    expect(v.attempt?.state).toBe('paid');
    expect(v.due).toBeNull();
    const [state] = await site.rows<{ state: string }>(`select state from bookings where id = ${b.id}`);
    expect(state!.state).toBe('paid');
    expect(await receipts(b.reference)).toHaveLength(2);
  });

  it('refuses a forged Stripe signature and a wrong verif-hash, storing nothing', async () => {
    const b = await booking();
    const d = (await (await pay(b.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    const s = stripe.pay(sessionOf(d.attempt).id);
    const [{ n: events }] = (await site.rows<{ n: number }>('select count(*)::int as n from payment_events')) as [{ n: number }];
    const forged = await stripe.send('checkout.session.completed', s, { secret: 'whsec_notthesecret' });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(stripe.webhook.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: s } }),
    });
    expect(unsigned.status).toBe(400);
    const wrongHash = await fetch(flw.webhook.url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'verif-hash': 'guess' },
      body: JSON.stringify({ event: 'charge.completed', data: { id: 1 } }),
    });
    expect(wrongHash.status).toBe(400);
    const [{ n: after }] = (await site.rows<{ n: number }>('select count(*)::int as n from payment_events')) as [{ n: number }];
    expect(after).toBe(events);
    expect(await ledger(b.id)).toEqual([]);
  });

  it('takes a mobile-money deposit in Uganda shillings at the day’s rate, verified by id before it is believed', async () => {
    const b = await booking();
    const v = await view(b.token);
    const ugx = v.mobile.find((m) => m.currency === 'UGX')!;
    expect(ugx.amountMinor).toBe(Math.round(2736 * ugx.rate));
    const started = (await (await pay(b.token, { what: 'deposit', method: 'mobile-money', currency: 'UGX' })).json()) as { url: string; attempt: string };
    const t = flw.transactions.get(started.attempt)!;
    expect([t.amount, t.currency]).toEqual([ugx.amountMinor, 'UGX']);
    // A body that lies about the status is not believed: the transaction is verified by id (still pending).
    const lie = await flw.send(started.attempt, { body: { event: 'charge.completed', data: { ...t, status: 'successful' } } });
    expect(JSON.parse(lie.body).outcome).toBe('pending');
    flw.pay(started.attempt);
    const res = await flw.send(started.attempt);
    expect([res.status, JSON.parse(res.body).outcome]).toEqual([200, 'paid']);
    expect(JSON.parse((await flw.send(started.attempt)).body).outcome).toBe('replay');
    const rows = await ledger(b.id);
    expect(rows.map((r) => [Number(r.amount_minor), r.method, r.provider])).toEqual([[273_600, 'mobile-money', 'flutterwave']]);
    expect(await receipts(b.reference)).toHaveLength(1);
  });

  it('flags an amount that does not match, and a payment for a cancelled booking, booking neither', async () => {
    const b = await booking();
    const d = (await (await pay(b.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    const r = await stripe.send('checkout.session.completed', stripe.pay(sessionOf(d.attempt).id, 100));
    expect(JSON.parse(r.body).outcome).toBe('flagged');
    const c = await booking();
    const d2 = (await (await pay(c.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    const owner = await addStaff(site.app.database!.db, `owner-${backend}-cancel@kigezitrails.example`, 'owner');
    await site.app.database!.db.transaction((tx) => cancelBooking(tx, c.id, 'The travellers changed their plans.', owner));
    const r2 = await stripe.send('checkout.session.completed', stripe.pay(sessionOf(d2.attempt).id));
    expect(JSON.parse(r2.body).outcome).toBe('flagged');
    expect(await ledger(b.id)).toEqual([]);
    expect(await ledger(c.id)).toEqual([]);
    const flagged = await site.rows<{ booking_id: number; flag_reason: string }>(
      `select booking_id, flag_reason from payment_attempts where state = 'flagged' and booking_id in (${b.id}, ${c.id}) order by booking_id`,
    );
    expect(flagged.map((f) => f.flag_reason)).toEqual([expect.stringContaining('$1;'), expect.stringContaining('cancelled')]);
    const notices = await site.rows(
      `select id from mail_outbox where kind = 'payment-flagged' and message->>'subject' in ('Payment needs attention: booking ${b.reference}', 'Payment needs attention: booking ${c.reference}')`,
    );
    expect(notices).toHaveLength(2);
  });

  it('reconciles an attempt whose webhook never comes, after ten minutes, once', async () => {
    const b = await booking();
    const d = (await (await pay(b.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    stripe.pay(sessionOf(d.attempt).id);
    const db = site.app.database!.db as Db;
    const early = await reconcilePayments(db, opts(5));
    expect(early.find((x) => x.outcome === 'paid')).toBeUndefined();
    const [claimed, again] = await Promise.all([reconcilePayments(db, opts(11)), reconcilePayments(db, opts(11))]);
    const mine = [...claimed, ...again].filter((x) => x.outcome === 'paid');
    expect(mine.length).toBeGreaterThanOrEqual(1);
    expect(Number((await ledger(b.id))[0]?.amount_minor)).toBe(273_600);
    expect(await ledger(b.id)).toHaveLength(1);
    // The late webhook after the reconciliation books nothing more.
    expect(JSON.parse((await stripe.send('checkout.session.completed', sessionOf(d.attempt))).body).outcome).toBe('duplicate');
    expect(await receipts(b.reference)).toHaveLength(1);
  });

  it('refunds a card payment from the console (owners), writing the negative entry when the provider confirms', async () => {
    const b = await booking();
    const d = (await (await pay(b.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    await stripe.send('checkout.session.completed', stripe.pay(sessionOf(d.attempt).id));
    const email = `owner-${backend}-refund@kigezitrails.example`;
    await addStaff(site.app.database!.db, email, 'owner');
    const owner = await signIn(site.base, email);
    const list = (await (await owner.get(`/bookings/${b.id}/payments`)).json()) as { attempts: AttemptLine[] };
    const paid = list.attempts.find((a) => a.state === 'paid')!;
    expect(paid.refundableMinor).toBe(273_600);
    const tooMuch = await owner.send(`/bookings/${b.id}/payments/${paid.id}/refund`, { amountMinor: 273_601, reason: 'Too much' });
    expect(tooMuch.status).toBe(400);
    const res = await owner.send(`/bookings/${b.id}/payments/${paid.id}/refund`, { amountMinor: 100_000, reason: 'One traveller cannot come.' });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Json).outcome).toBe('refunded');
    expect((await ledger(b.id)).map((r) => [Number(r.amount_minor), r.kind])).toEqual([
      [273_600, 'payment'],
      [-100_000, 'refund'],
    ]);
    const after = (await (await owner.get(`/bookings/${b.id}/payments`)).json()) as { attempts: AttemptLine[] };
    expect(after.attempts.find((a) => a.id === paid.id)?.refundableMinor).toBe(173_600);
    const agentEmail = `agent-${backend}-refund@kigezitrails.example`;
    await addStaff(site.app.database!.db, agentEmail, 'agent');
    const agent = await signIn(site.base, agentEmail);
    expect((await agent.send(`/bookings/${b.id}/payments/${paid.id}/refund`, { amountMinor: 100, reason: 'Agents cannot' })).status).toBe(403);
  });

  it('refunds a mobile-money payment in full through Flutterwave, in the currency it was charged in', async () => {
    const { b, started, owner } = await paidByMpesa('flw');
    const paid = ((await (await owner.get(`/bookings/${b.id}/payments`)).json()) as { attempts: AttemptLine[] }).attempts.find((a) => a.state === 'paid')!;
    expect(paid).toMatchObject({ provider: 'flutterwave', chargeCurrency: 'KES', amountMinor: 273_600 });
    const res = await owner.send(`/bookings/${b.id}/payments/${paid.id}/refund`, { amountMinor: 273_600, reason: 'The trip is off.' });
    expect(((await res.json()) as Json).outcome).toBe('refunded');
    const t = flw.transactions.get(started.attempt)!;
    expect(flw.requests.some((r) => r.method === 'POST' && r.path === `/v3/transactions/${t.id}/refund`)).toBe(true);
    expect((await ledger(b.id)).map((r) => [Number(r.amount_minor), r.kind, r.method])).toEqual([
      [273_600, 'payment', 'mobile-money'],
      [-273_600, 'refund', 'mobile-money'],
    ]);
    expect(await receipts(b.reference)).toHaveLength(2);
    expect(await site.rows(`select id from mail_outbox where kind = 'payment-receipt' and message->>'subject' = 'Refund of $2,736 for your booking ${b.reference}'`)).toHaveLength(1);
  });

  it('fails a card payment refused after checkout and an expired Checkout Session, booking nothing; the deposit can be paid again', async () => {
    const b = await booking();
    // A bank debit: the session completes unpaid (still being confirmed), then the bank refuses it.
    const first = (await (await pay(b.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    // No seats are held for a quoted trip: Stripe's session keeps its own lifetime.
    expect(sessionOf(first.attempt).expires_at).toBeNull();
    const later = stripe.payLater(sessionOf(first.attempt).id);
    expect(JSON.parse((await stripe.send('checkout.session.completed', later)).body).outcome).toBe('pending');
    expect((await view(b.token, first.attempt)).attempt?.state).toBe('open');
    const refused = await stripe.send('checkout.session.async_payment_failed', later);
    expect([refused.status, JSON.parse(refused.body).outcome]).toEqual([200, 'failed']);
    expect(JSON.parse((await stripe.send('checkout.session.async_payment_failed', later, { id: refused.id })).body).outcome).toBe('replay');
    const afterRefused = await view(b.token, first.attempt);
    expect(afterRefused.attempt).toMatchObject({ state: 'failed', what: 'deposit' });
    expect(afterRefused.due).toMatchObject({ what: 'deposit', amountMinor: 273_600 });
    // A Checkout Session left to run out.
    const second = (await (await pay(b.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    expect(second.attempt).not.toBe(first.attempt);
    const expired = await stripe.send('checkout.session.expired', stripe.expire(sessionOf(second.attempt).id));
    expect([expired.status, JSON.parse(expired.body).outcome]).toEqual([200, 'failed']);
    expect((await view(b.token, second.attempt)).attempt?.state).toBe('failed');
    expect((await attemptOf(first.attempt)).state).toBe('failed');
    expect(await ledger(b.id)).toEqual([]);
    expect(await receipts(b.reference)).toHaveLength(0);
    const [state] = await site.rows<{ state: string }>(`select state from bookings where id = ${b.id}`);
    expect(state!.state).toBe('confirmed-pending-deposit');
    // Paying again works, and books the deposit once.
    const third = (await (await pay(b.token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    expect(JSON.parse((await stripe.send('checkout.session.completed', stripe.pay(sessionOf(third.attempt).id))).body).outcome).toBe('paid');
    expect((await ledger(b.id)).map((r) => Number(r.amount_minor))).toEqual([273_600]);
    // A failure told late, after the deposit is in, changes nothing.
    expect(JSON.parse((await stripe.send('checkout.session.expired', sessionOf(second.attempt))).body).outcome).toBe('failed');
    expect((await ledger(b.id)).map((r) => Number(r.amount_minor))).toEqual([273_600]);
  });

  it('keeps a departure’s seats held until the hold runs out when its card payment expires, then releases them', async () => {
    const email = `owner-${backend}-hold@kigezitrails.example`;
    await addStaff(site.app.database!.db, email, 'owner');
    const owner = await signIn(site.base, email);
    const [safari] = await site.rows<{ s: string }>('select safarititleslug as s from safaris order by id limit 1');
    const made = await owner.send('/departures', { safariSlug: safari!.s, startsOn: addDays(today, 200), seats: 4, priceMinor: 245_000, singleSupplementMinor: 0, status: 'open', guideSlug: null });
    expect(made.status, await made.clone().text()).toBe(201);
    const departureId = ((await made.json()) as { id: number }).id;
    const booked = await fetch(`${site.base}/api/departures/${departureId}/book`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.base },
      body: JSON.stringify({ travellers: ['Amina Okello', 'David Okello'], singleRooms: 0, leadName: 'Amina Okello', email: 'amina@example.com', phone: '', acceptTerms: true }),
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    const { tripPath, reference } = (await booked.json()) as { tripPath: string; reference: string };
    const token = tripPath.split('/').pop()!;
    const [{ id }] = (await site.rows<{ id: number }>(`select id from bookings where reference = '${reference}'`)) as [{ id: number }];
    const seats = () => site.rows<{ hold_until: Date | string; released_at: unknown }>(`select hold_until, released_at from departure_seats where booking_id = ${id}`);
    const started = (await (await pay(token, { what: 'deposit', method: 'card' })).json()) as { attempt: string };
    const [held] = await seats();
    // Stripe's page closes (at least 30 minutes on, as Stripe requires) before the seats are let go.
    const closes = sessionOf(started.attempt).expires_at! * 1000;
    expect(closes).toBeGreaterThanOrEqual(Date.now() + 29 * 60_000);
    expect(closes).toBeLessThan(new Date(held!.hold_until).getTime());
    expect(JSON.parse((await stripe.send('checkout.session.expired', stripe.expire(sessionOf(started.attempt).id))).body).outcome).toBe('failed');
    // Nothing released early: the traveller may still pay within the hold.
    expect(await seats()).toEqual([{ hold_until: held!.hold_until, released_at: null }]);
    const [kept] = await site.rows<{ state: string }>(`select state from bookings where id = ${id}`);
    expect(kept!.state).toBe('confirmed-pending-deposit');
    expect(await ledger(id)).toEqual([]);
    // Once the hold has run out, the release job frees the seats and cancels the unpaid booking.
    const released = await releaseExpiredHolds(site.app.database!.db, new Date(new Date(held!.hold_until).getTime() + 60_000));
    expect(released).toContain(id);
    const [gone] = await site.rows<{ state: string }>(`select state from bookings where id = ${id}`);
    expect(gone!.state).toBe('cancelled');
    expect(await ledger(id)).toEqual([]);
  });

  it('books a Flutterwave refund that stays pending only when it completes, and frees the amount again when one fails', async () => {
    const { b, owner } = await paidByMpesa('pending');
    const attempts = async () => ((await (await owner.get(`/bookings/${b.id}/payments`)).json()) as { attempts: AttemptLine[] }).attempts;
    const paid = (await attempts()).find((a) => a.state === 'paid')!;
    const db = site.app.database!.db as Db;
    const refundPending = async (amountMinor: number, reason: string) => {
      flw.refunds.startAs = 'pending';
      const res = await owner.send(`/bookings/${b.id}/payments/${paid.id}/refund`, { amountMinor, reason });
      flw.refunds.startAs = 'completed';
      expect(res.status).toBe(201);
      const body = (await res.json()) as { outcome: string; message: string; refund: AttemptLine };
      expect([body.outcome, body.message, body.refund.state]).toEqual(['pending', 'Refund asked of the provider: the ledger shows it once the provider confirms.', 'open']);
      return body.refund;
    };
    const mine = async (refundId: number, minutes: number) => (await reconcilePayments(db, opts(minutes))).find((x) => x.id === refundId)?.outcome;
    try {
      // One that fails: nothing in the ledger, and the whole payment refundable again.
      const failing = await refundPending(100_000, 'One traveller cannot come.');
      expect((await attempts()).find((a) => a.id === paid.id)?.refundableMinor).toBe(173_600);
      flw.finishRefund(Number(failing.providerRef), 'failed');
      expect(await mine(failing.id, 11)).toBe('failed');
      expect((await attempts()).find((a) => a.id === failing.id)?.state).toBe('failed');
      expect((await attempts()).find((a) => a.id === paid.id)?.refundableMinor).toBe(273_600);
      // One that completes: pending when asked, booked once when Flutterwave says it is done.
      const refund = await refundPending(273_600, 'The trip is off.');
      expect(await ledger(b.id)).toHaveLength(1);
      expect(await mine(refund.id, 5)).toBeUndefined();
      expect(await mine(refund.id, 11)).toBe('pending');
      expect(await ledger(b.id)).toHaveLength(1);
      flw.finishRefund(Number(refund.providerRef), 'completed');
      expect(await mine(refund.id, 22)).toBe('refunded');
      expect(await mine(refund.id, 33)).toBeUndefined();
    } finally {
      flw.refunds.startAs = 'completed';
    }
    expect((await ledger(b.id)).map((r) => [Number(r.amount_minor), r.kind, r.method])).toEqual([
      [273_600, 'payment', 'mobile-money'],
      [-273_600, 'refund', 'mobile-money'],
    ]);
    expect((await attempts()).find((a) => a.id === paid.id)?.refundableMinor).toBe(0);
    expect(await site.rows(`select id from mail_outbox where kind = 'payment-receipt' and message->>'subject' = 'Refund of $2,736 for your booking ${b.reference}'`)).toHaveLength(1);
  });
});
