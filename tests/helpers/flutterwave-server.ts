// A local Flutterwave for tests and the demo: the v3 endpoints the site uses, as Flutterwave
// documents them (JSON, Bearer secret key, answers {status, message, data}): POST /v3/payments
// (the hosted link), GET /v3/transactions/{id}/verify, GET /v3/transactions/verify_by_reference,
// POST /v3/transactions/{id}/refund, GET /v3/refunds/{id}; a hosted page (/hosted/pay/{tx_ref})
// that completes the mobile-money payment and redirects with status, tx_ref and transaction_id;
// and the charge.completed webhook with its `verif-hash` header. FLUTTERWAVE_API_URL points the site here.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

interface FakeTransaction {
  id: number;
  tx_ref: string;
  flw_ref: string;
  amount: number;
  currency: string;
  charged_amount: number;
  status: 'pending' | 'successful' | 'failed';
  payment_type: string;
  redirect_url: string;
  customer: { email: string; name: string; phone_number: string };
}

export interface FlutterwaveTestServer {
  url: string;
  port: number;
  transactions: Map<string, FakeTransaction>;
  requests: { method: string; path: string }[];
  webhook: { url: string | null; auto: boolean };
  /** The status new refunds start in: 'completed' at once (the default), or 'pending' until `finishRefund`. */
  refunds: { startAs: 'completed' | 'pending' };
  /** Settles a pending refund, as Flutterwave does when the network answers. */
  finishRefund(id: number, status: 'completed' | 'failed'): void;
  /** Completes a payment as the hosted page does; `amount` overrides what was taken. */
  pay(txRef: string, amount?: number): FakeTransaction;
  /** Sends charge.completed for a transaction with a verif-hash (the right one unless given). */
  send(txRef: string, opts?: { hash?: string; body?: unknown }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

let nextId = 4_100_000;

async function bodyOf(req: IncomingMessage): Promise<Record<string, any>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return {};
  }
}

function answer(res: ServerResponse, status: number, message: string, data: unknown = null): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: status < 400 ? 'success' : 'error', message, data }));
}

type Ctx = Omit<FlutterwaveTestServer, 'close' | 'url' | 'port'> & { base: string; refundsById: Map<number, Record<string, unknown>> };

const byId = (ctx: Ctx, id: string) => [...ctx.transactions.values()].find((t) => String(t.id) === id);

function reads(ctx: Ctx, res: ServerResponse, path: string, query: URLSearchParams): boolean {
  const verify = /^\/v3\/transactions\/(\d+)\/verify$/.exec(path);
  if (verify) {
    const t = byId(ctx, verify[1]!);
    t ? answer(res, 200, 'Transaction fetched successfully', t) : answer(res, 400, 'No transaction was found for this id');
    return true;
  }
  if (path === '/v3/transactions/verify_by_reference') {
    const t = ctx.transactions.get(query.get('tx_ref') ?? '');
    t && t.status !== 'pending' ? answer(res, 200, 'Transaction fetched successfully', t) : answer(res, 400, 'No transaction was found for this id');
    return true;
  }
  const refund = /^\/v3\/refunds\/(\d+)$/.exec(path);
  if (refund) {
    const r = ctx.refundsById.get(Number(refund[1]));
    r ? answer(res, 200, 'Refund fetched', r) : answer(res, 404, 'Refund not found');
    return true;
  }
  return false;
}

async function api(ctx: Ctx, req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
  ctx.requests.push({ method: req.method ?? '', path });
  if (!/^Bearer FLWSECK_TEST-/.test(req.headers.authorization ?? '')) return answer(res, 401, 'Invalid authorization key');
  if (req.method === 'GET' && reads(ctx, res, path, query)) return;
  if (req.method === 'POST' && path === '/v3/payments') {
    const b = await bodyOf(req);
    if (!b.tx_ref || !b.amount || !b.currency || !b.redirect_url) return answer(res, 400, 'tx_ref, amount, currency and redirect_url are required');
    const t: FakeTransaction = ctx.transactions.get(b.tx_ref) ?? {
      id: nextId++,
      tx_ref: b.tx_ref,
      flw_ref: `FLW-MOCK-${nextId}`,
      amount: Number(b.amount),
      currency: b.currency,
      charged_amount: Number(b.amount),
      status: 'pending',
      payment_type: 'mobilemoneyug',
      redirect_url: b.redirect_url,
      customer: { email: b.customer?.email ?? '', name: b.customer?.name ?? '', phone_number: b.customer?.phonenumber ?? '' },
    };
    ctx.transactions.set(t.tx_ref, t);
    return answer(res, 200, 'Hosted Link', { link: `${ctx.base}/hosted/pay/${encodeURIComponent(t.tx_ref)}` });
  }
  const refund = /^\/v3\/transactions\/(\d+)\/refund$/.exec(path);
  if (req.method === 'POST' && refund) {
    const t = byId(ctx, refund[1]!);
    if (t?.status !== 'successful') return answer(res, 400, 'Transaction cannot be refunded');
    const b = await bodyOf(req);
    const r = {
      id: nextId++,
      tx_id: t.id,
      flw_ref: t.flw_ref,
      amount_refunded: Number(b.amount ?? t.amount),
      status: ctx.refunds.startAs,
      destination: 'payment_source',
      created_at: new Date().toISOString(),
    };
    ctx.refundsById.set(r.id, r);
    return answer(res, 200, 'Transaction refund initiated', r);
  }
  return answer(res, 404, 'Not found');
}

async function hosted(ctx: Ctx, req: IncomingMessage, res: ServerResponse, txRef: string): Promise<void> {
  const t = ctx.transactions.get(txRef);
  if (!t) return answer(res, 404, 'No such payment link');
  if (req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test mobile money</title></head><body><h1>Test mobile money</h1><p>No real money moves.</p><p>Amount: ${t.amount} ${t.currency}</p><form method="post"><button type="submit">Approve on my phone</button></form></body></html>`,
    );
    return;
  }
  ctx.pay(txRef);
  if (ctx.webhook.auto) await ctx.send(txRef).catch(() => {});
  const back = new URL(t.redirect_url);
  back.searchParams.set('status', 'successful');
  back.searchParams.set('tx_ref', t.tx_ref);
  back.searchParams.set('transaction_id', String(t.id));
  res.writeHead(303, { location: back.toString() });
  res.end();
}

export async function startFlutterwaveTestServer(opts: { port?: number; webhookHash: string; webhookUrl?: string }): Promise<FlutterwaveTestServer> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(opts.port ?? 0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const ctx: Ctx = {
    base: `http://127.0.0.1:${port}`,
    transactions: new Map(),
    refundsById: new Map(),
    refunds: { startAs: 'completed' },
    requests: [],
    webhook: { url: opts.webhookUrl ?? null, auto: true },
    finishRefund(id, status) {
      const r = ctx.refundsById.get(id);
      if (!r) throw new Error(`no refund ${id}`);
      r.status = status;
    },
    pay(txRef, amount) {
      const t = ctx.transactions.get(txRef);
      if (!t) throw new Error(`no transaction ${txRef}`);
      Object.assign(t, { status: 'successful', ...(amount !== undefined ? { amount, charged_amount: amount } : {}) });
      return t;
    },
    async send(txRef, o = {}) {
      if (!ctx.webhook.url) throw new Error('no webhook address');
      const t = ctx.transactions.get(txRef);
      const body = o.body ?? { event: 'charge.completed', data: t };
      const res = await fetch(ctx.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'verif-hash': o.hash ?? opts.webhookHash }, body: JSON.stringify(body) });
      return { status: res.status, body: await res.text() };
    },
  };
  server.on('request', (req, res) => {
    const u = new URL(req.url ?? '/', ctx.base);
    const page = /^\/hosted\/pay\/([^/]+)$/.exec(u.pathname);
    const work = page ? hosted(ctx, req, res, decodeURIComponent(page[1]!)) : api(ctx, req, res, u.pathname, u.searchParams);
    work.catch((err: unknown) => answer(res, 500, String(err)));
  });
  const { base: _b, refundsById: _r, ...rest } = ctx;
  return { ...rest, url: ctx.base, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
