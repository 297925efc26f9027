// A per-address budget of server time for the work no cache absorbs: searches, pages with query
// strings that are not kept, form pages and API answers that are produced for each request. Kept
// pages and answers cost nothing and are never counted. Each address (IPv6 per /64, TRUST_PROXY-
// aware: server/http/client-address.ts) has a bucket of milliseconds that refills at its share of
// the process (CLIENT_SHARE_PERCENT of each second) up to that share of BURST_SECONDS; each request
// it sends is charged the time the process spent on it (its elapsed time divided by the requests
// in flight meanwhile, so a request waiting behind others is not charged their work). An address
// whose bucket is empty is refused with 429 and a Retry-After until the bucket is positive again,
// so one client never holds more than its share of the process for long. Per process, in memory:
// the budget protects the process it runs in, and costs no database round trip.
import { limitKey, type ProxyTrust } from '../http/client-address.ts';

/** The burst an address may use at once: its share of this many seconds. */
export const BURST_SECONDS = 20;
/** Addresses remembered at most (beyond it, full buckets are forgotten first, then the oldest). */
const MAX_ADDRESSES = 20_000;

export type BudgetCheck = { ok: true; key: string | null } | { ok: false; key: string; retryAfterSeconds: number };

interface Bucket {
  /** Milliseconds of server time left (negative: in debt). */
  tokens: number;
  /** When `tokens` was last brought up to date. */
  at: number;
}

export class ClientBudget {
  /** Milliseconds of server time an address earns per millisecond. */
  readonly rate: number;
  /** The most an address can have saved. */
  readonly burst: number;
  readonly #buckets = new Map<string, Bucket>();
  readonly #trust: ProxyTrust;
  readonly #now: () => number;
  #inflight = 0;

  constructor(opts: { sharePercent: number; trust: ProxyTrust; now?: () => number }) {
    this.rate = opts.sharePercent / 100;
    this.burst = this.rate * BURST_SECONDS * 1000;
    this.#trust = opts.trust;
    this.#now = opts.now ?? (() => performance.now());
  }

  /** The address a request is counted under (null: unknown, never limited). */
  keyOf(headers: Headers, socket: string | undefined): string | null {
    const address = this.#trust.source(headers, socket).address;
    return address ? limitKey(address) : null;
  }

  #bucket(key: string, now: number): Bucket {
    let b = this.#buckets.get(key);
    if (!b) {
      b = { tokens: this.burst, at: now };
      this.#buckets.set(key, b);
      if (this.#buckets.size > MAX_ADDRESSES) this.#forget(now);
    }
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) * this.rate);
    b.at = now;
    return b;
  }

  #forget(now: number) {
    for (const [key, b] of this.#buckets) if (b.tokens + (now - b.at) * this.rate >= this.burst) this.#buckets.delete(key);
    for (const key of this.#buckets.keys()) {
      if (this.#buckets.size <= MAX_ADDRESSES * 0.9) break;
      this.#buckets.delete(key);
    }
  }

  /** May this address start uncached work now? */
  check(key: string | null): BudgetCheck {
    if (key === null) return { ok: true, key };
    const b = this.#bucket(key, this.#now());
    if (b.tokens > 0) return { ok: true, key };
    return { ok: false, key, retryAfterSeconds: Math.max(1, Math.ceil(-b.tokens / this.rate / 1000)) };
  }

  /**
   * Runs the work of an admitted request and charges its address for it: the elapsed time shared
   * by the requests in flight meanwhile.
   */
  async charge<T>(key: string | null, work: () => Promise<T>): Promise<T> {
    if (key === null) return work();
    const start = this.#now();
    const before = ++this.#inflight;
    try {
      return await work();
    } finally {
      const after = this.#inflight--;
      const elapsed = this.#now() - start;
      const b = this.#bucket(key, this.#now());
      b.tokens -= elapsed / Math.max(1, (before + after) / 2);
    }
  }

  /** Addresses currently remembered (for tests and diagnostics). */
  get size(): number {
    return this.#buckets.size;
  }
}

/** The text of a refusal. */
export function tooManyMessage(retryAfterSeconds: number): string {
  return `You have sent us more requests than we can answer in a short time. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`;
}
