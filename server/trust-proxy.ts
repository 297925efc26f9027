// TRUST_PROXY, read when the configuration is loaded (server/config.ts) and used by the proxy
// trust of every request (server/http/client-address.ts).
import { isIP } from 'node:net';

/** TRUST_PROXY as configured: none, a number of proxies, or the addresses of the proxies. */
export type TrustProxy = { hops: number } | { cidrs: string[] } | null;

const MAX_TRUSTED_HOPS = 16;

/** Reads TRUST_PROXY: '' (none), a hop count, or comma-separated addresses and CIDR blocks. */
export function parseTrustProxy(raw: string): { ok: true; value: TrustProxy } | { ok: false; error: string } {
  const v = raw.trim();
  if (v === '' || v === '0') return { ok: true, value: null };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_TRUSTED_HOPS) return { ok: false, error: `TRUST_PROXY: at most ${MAX_TRUSTED_HOPS} proxies can be trusted` };
    return { ok: true, value: { hops } };
  }
  const cidrs: string[] = [];
  for (const part of v.split(',')) {
    const entry = part.trim();
    if (!entry) continue;
    if (!subnetOf(entry)) {
      return {
        ok: false,
        error: `TRUST_PROXY must be a number of proxies (e.g. 1) or a comma-separated list of addresses and CIDR blocks (e.g. 10.0.0.0/8,::1); "${entry.slice(0, 60)}" is neither`,
      };
    }
    cidrs.push(entry);
  }
  return { ok: true, value: cidrs.length ? { cidrs } : null };
}

/** An address or CIDR block as BlockList takes it; null when it is neither. */
export function subnetOf(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const m = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(entry);
  if (!m) return null;
  const address = m[1]!.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const version = isIP(address);
  if (!version) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = m[2] === undefined ? max : Number(m[2]);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}
