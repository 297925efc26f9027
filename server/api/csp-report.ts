// POST /csp-report: where browsers send Content-Security-Policy violation reports (the page policy's
// report-uri, server/http/security.ts). Each report is logged at warn with the few fields that matter;
// the endpoint takes at most a handful a minute per address and a few hundred in all, so a flood
// neither fills the log nor costs the server anything.
import { Hono } from 'hono';
import { deps, type ApiEnv } from '../http/deps.ts';
import { socketAddress } from '../http/client-address.ts';

const PER_ADDRESS_PER_MINUTE = 10;
const ALL_PER_MINUTE = 300;
const FIELD_MAX = 300;

/** A fixed-window counter per key, forgotten every minute. */
function windowCounter() {
  let windowStart = Date.now();
  const counts = new Map<string, number>();
  return (key: string, max: number): boolean => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      counts.clear();
      windowStart = now;
    }
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    return n <= max;
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, FIELD_MAX) : typeof v === 'number' ? v : undefined);

/** The interesting fields of a report, from the report-uri format or the Reporting API format. */
function summarise(body: unknown): Record<string, unknown>[] {
  const items = Array.isArray(body) ? body : [body];
  const out: Record<string, unknown>[] = [];
  for (const item of items.slice(0, 10)) {
    if (!item || typeof item !== 'object') continue;
    const r = ((item as Record<string, unknown>)['csp-report'] ?? (item as Record<string, unknown>).body ?? item) as Record<string, unknown>;
    out.push({
      documentUri: text(r['document-uri'] ?? r.documentURL),
      violated: text(r['violated-directive'] ?? r['effective-directive'] ?? r.effectiveDirective),
      blocked: text(r['blocked-uri'] ?? r.blockedURL),
      source: text(r['source-file'] ?? r.sourceFile),
      line: text(r['line-number'] ?? r.lineNumber),
      sample: text(r['script-sample'] ?? r.sample),
    });
  }
  return out;
}

export function cspReportApi() {
  const app = new Hono<ApiEnv>();
  const allow = windowCounter();
  app.post('/csp-report', async (c) => {
    const address = socketAddress(c.env) ?? 'unknown';
    if (!allow('*', ALL_PER_MINUTE) || !allow(address, PER_ADDRESS_PER_MINUTE)) return c.body(null, 429, { 'cache-control': 'no-store' });
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ error: 'A report must be JSON.' }, 400, { 'cache-control': 'no-store' });
    }
    const reports = summarise(body);
    if (reports.length) deps(c).logger.warn({ csp: reports }, 'content security policy violation reported');
    return c.body(null, 204, { 'cache-control': 'no-store' });
  });
  return app;
}
