// A local Stripe for tests and the demo: the endpoints the site uses, as Stripe documents them
// (form-encoded requests, JSON answers, Idempotency-Key honoured): POST/GET /v1/checkout/sessions,
// POST/GET /v1/refunds; a hosted page (/pay/{session}) with a Pay button; and webhooks signed
// exactly as Stripe signs them (the SDK's generateTestHeaderString with the endpoint's secret).
// The site's SDK is pointed at it with STRIPE_API_URL (host, port and protocol).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  /** Unix seconds, when the site asked for a session that closes early (held seats); else null. */
  expires_at: number | null;
}

export interface StripeTestServer {
  url: string;
  port: number;
  sessions: Map<string, FakeSession>;
  refunds: Map<string, Record<string, unknown>>;
  /** Requests received (method and path), for tests that count them. */
  requests: { method: string; path: string; idempotencyKey: string | null }[];
  /** Where webhooks go; `auto` 'pay' sends checkout.session.completed when the hosted page is paid. */
  webhook: { url: string | null; auto: boolean };
  /** Pays a session (as the hosted page does): paid, with a PaymentIntent; `amount` overrides what was taken. */
  pay(sessionId: string, amount?: number): FakeSession;
  /** Completes a session whose payment method settles later (a bank debit): complete, still unpaid, with a PaymentIntent. */
  payLater(sessionId: string): FakeSession;
  /** Lets a session run out, as Stripe does at its `expires_at`: expired, unpaid, no address. */
  expire(sessionId: string): FakeSession;
  /** Sends a signed event about an object; answers the site's status and body. */
  send(type: string, object: unknown, opts?: { secret?: string; id?: string }): Promise<{ status: number; body: string; id: string }>;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify(body));
}

const notFound = (res: ServerResponse, what: string) => json(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

function sessionFrom(form: URLSearchParams, base: string): FakeSession {
  const id = newId('cs');
  const metadata: Record<string, string> = {};
  for (const [k, v] of form) {
    const m = /^metadata\[(\w+)\]$/.exec(k);
    if (m) metadata[m[1]!] = v;
  }
  return {
    id,
    object: 'checkout.session',
    url: `${base}/pay/${id}`,
    client_reference_id: form.get('client_reference_id'),
    metadata,
    amount_total: Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
    currency: form.get('line_items[0][price_data][currency]') ?? '',
    customer_email: form.get('customer_email'),
    payment_status: 'unpaid',
    status: 'open',
    payment_intent: null,
    success_url: form.get('success_url') ?? '',
    cancel_url: form.get('cancel_url') ?? '',
    expires_at: form.has('expires_at') ? Number(form.get('expires_at')) : null,
  };
}

const HOSTED = (s: FakeSession) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test card payment</title></head>
<body style="font-family:sans-serif;max-width:30rem;margin:3rem auto"><h1>Test card payment</h1><p>No real money moves.</p>
<p>Amount: ${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}</p>
<form method="post" action="/pay/${s.id}"><button type="submit">Pay</button></form><p><a href="${s.cancel_url.replace(/"/g, '&quot;')}">Cancel</a></p></body></html>`;

type Ctx = Omit<StripeTestServer, 'close' | 'url' | 'port'> & { base: string };

async function api(ctx: Ctx, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
  ctx.requests.push({ method: req.method ?? '', path, idempotencyKey: key });
  if (!/^Bearer sk_test_/.test(req.headers.authorization ?? '')) return json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
  if (req.method === 'POST' && path === '/v1/checkout/sessions') {
    const form = await formOf(req);
    const seen = key ? [...ctx.sessions.values()].find((s) => s.metadata.idempotency === key) : undefined;
    if (seen) return json(res, 200, seen);
    const s = sessionFrom(form, ctx.base);
    if (key) s.metadata.idempotency = key;
    ctx.sessions.set(s.id, s);
    return json(res, 200, s);
  }
  const session = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
  if (req.method === 'GET' && session) return ctx.sessions.has(session[1]!) ? json(res, 200, ctx.sessions.get(session[1]!)) : notFound(res, 'checkout.session');
  if (req.method === 'POST' && path === '/v1/refunds') {
    const form = await formOf(req);
    const r = {
      id: newId('re'),
      object: 'refund',
      amount: Number(form.get('amount')),
      currency: 'usd',
      status: 'succeeded',
      payment_intent: form.get('payment_intent'),
      metadata: { attempt: form.get('metadata[attempt]') ?? '' },
    };
    const paid = [...ctx.sessions.values()].find((s) => s.payment_intent === r.payment_intent);
    if (!paid) return notFound(res, 'payment_intent');
    r.currency = paid.currency;
    ctx.refunds.set(r.id, r);
    return json(res, 200, r);
  }
  const refund = /^\/v1\/refunds\/([\w]+)$/.exec(path);
  if (req.method === 'GET' && refund) return ctx.refunds.has(refund[1]!) ? json(res, 200, ctx.refunds.get(refund[1]!)) : notFound(res, 'refund');
  return notFound(res, 'endpoint');
}

async function hosted(ctx: Ctx, req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
  const s = ctx.sessions.get(id);
  if (!s || s.status === 'expired') return notFound(res, 'checkout.session');
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(HOSTED(s));
    return;
  }
  ctx.pay(id);
  if (ctx.webhook.auto) await ctx.send('checkout.session.completed', s).catch(() => {});
  res.writeHead(303, { location: s.success_url });
  res.end();
}

/** Starts the server on `port` (0: a free one). */
export async function startStripeTestServer(opts: { port?: number; webhookSecret: string; webhookUrl?: string }): Promise<StripeTestServer> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const sessionAt = (id: string) => {
    const s = ctx.sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    return s;
  };
  const ctx: Ctx = {
    base,
    sessions: new Map(),
    refunds: new Map(),
    requests: [],
    webhook: { url: opts.webhookUrl ?? null, auto: true },
    pay(sessionId, amount) {
      const s = sessionAt(sessionId);
      Object.assign(s, { payment_status: 'paid', status: 'complete', payment_intent: s.payment_intent ?? newId('pi'), ...(amount !== undefined ? { amount_total: amount } : {}) });
      return s;
    },
    payLater(sessionId) {
      const s = sessionAt(sessionId);
      return Object.assign(s, { payment_status: 'unpaid', status: 'complete', payment_intent: s.payment_intent ?? newId('pi') });
    },
    expire(sessionId) {
      return Object.assign(sessionAt(sessionId), { payment_status: 'unpaid', status: 'expired', url: null });
    },
    async send(type, object, o = {}) {
      if (!ctx.webhook.url) throw new Error('no webhook address');
      const id = o.id ?? newId('evt');
      const payload = JSON.stringify({ id, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), type, livemode: false, data: { object } });
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: o.secret ?? opts.webhookSecret });
      const res = await fetch(ctx.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
      return { status: res.status, body: await res.text(), id };
    },
  };
  server.on('request', (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const page = /^\/pay\/([\w]+)$/.exec(path);
    const work = page ? hosted(ctx, req, res, page[1]!) : api(ctx, req, res, path);
    work.catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
  });
  const { base: _b, ...rest } = ctx;
  return { ...rest, pay: ctx.pay, payLater: ctx.payLater, expire: ctx.expire, send: ctx.send, url: base, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
