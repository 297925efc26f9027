// Who sent a request, and to which host. By default the address of the connection is the
// visitor and the X-Forwarded-* headers are ignored: anyone can send them. TRUST_PROXY names the
// reverse proxies in front of this server, whose X-Forwarded-For, X-Forwarded-Host and
// X-Forwarded-Proto are believed: a hop count (that many proxies, the nearest first) or a list
// of addresses and CIDR blocks. The web process calls the in-process API with the source it
// worked out in the call's environment (`caller`), which no client can set (server/web.ts).
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { subnetOf, type TrustProxy } from '../trust-proxy.ts';

/** Where a request came from, as far as this server can tell. */
export interface RequestSource {
  /** The visitor's address; null when unknown (no connection, e.g. a call inside the process). */
  address: string | null;
  /** The host the visitor asked for, from a trusted proxy's X-Forwarded-Host; null: the request's own. */
  host: string | null;
  /** The visitor's scheme, from a trusted proxy's X-Forwarded-Proto; null: the connection's. */
  proto: 'http' | 'https' | null;
}

interface HeaderReader {
  get(name: string): string | null;
}

/** An address as it appears in X-Forwarded-For or a socket, without port, brackets or IPv4 mapping. */
export function normaliseAddress(ip: string): string | null {
  let v = ip.trim().replace(/^"|"$/g, '');
  // "[::1]:1234" and "1.2.3.4:5678"
  const bracket = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracket) v = bracket[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(v)) v = v.replace(/:\d+$/, '');
  v = v.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  const version = isIP(v);
  if (!version) return null;
  return version === 6 ? v.toLowerCase() : v;
}

/** A host name or address with an optional port, as X-Forwarded-Host may carry it. */
const HOST_SHAPE = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

/** The last value of a comma-separated header: the one the nearest proxy set. */
function lastValue(headers: HeaderReader, name: string): string | null {
  const v = headers.get(name);
  if (!v) return null;
  const parts = v.split(',');
  return parts[parts.length - 1]!.trim() || null;
}

export class ProxyTrust {
  readonly setting: TrustProxy;
  private readonly hops: number;
  private readonly list: BlockList | null;

  constructor(setting: TrustProxy) {
    this.setting = setting;
    this.hops = setting && 'hops' in setting ? setting.hops : 0;
    this.list = null;
    if (setting && 'cidrs' in setting) {
      const list = new BlockList();
      for (const entry of setting.cidrs) {
        const s = subnetOf(entry)!;
        list.addSubnet(s.address, s.prefix, s.family);
      }
      this.list = list;
    }
  }

  /** True when some peer may be a trusted proxy. */
  get enabled(): boolean {
    return this.hops > 0 || this.list !== null;
  }

  /** Whether the address `hop` steps from this server (0: the connection's peer) is a trusted proxy. */
  private trusts(address: string, hop: number): boolean {
    if (this.list) return this.list.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
    return hop < this.hops;
  }

  /**
   * The source of a request that came in on a connection from `socket`: walks X-Forwarded-For
   * from the right while the hop is a trusted proxy; the first hop that is not is the visitor.
   * With no trusted peer, the connection's address is the visitor and no header is read.
   */
  source(headers: HeaderReader, socket: string | undefined): RequestSource {
    const peer = socket ? normaliseAddress(socket) : null;
    if (!peer || !this.trusts(peer, 0)) return { address: peer, host: null, proto: null };
    const chain = (headers.get('x-forwarded-for') ?? '').split(',').filter((s) => s.trim());
    let address = peer;
    let hop = 0;
    for (let i = chain.length - 1; i >= 0 && this.trusts(address, hop); i--) {
      const next = normaliseAddress(chain[i]!);
      if (!next) break;
      address = next;
      hop++;
    }
    const host = lastValue(headers, 'x-forwarded-host');
    const proto = lastValue(headers, 'x-forwarded-proto')?.toLowerCase();
    return {
      address,
      host: host && HOST_SHAPE.test(host) ? host.toLowerCase() : null,
      proto: proto === 'http' || proto === 'https' ? proto : null,
    };
  }
}

/** The address of the connection a request came in on (@hono/node-server's environment). */
export function socketAddress(env: unknown): string | undefined {
  return (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/** The environment of an in-process API call made by the web process for a visitor's request. */
export interface CallerEnv {
  caller: RequestSource & { host: string };
}

/** The source of an API request: the web process's word for its own calls, else the connection and TRUST_PROXY. */
export function sourceOf(c: Context, trust: ProxyTrust): RequestSource {
  const caller = (c.env as Partial<CallerEnv> | undefined)?.caller;
  if (caller) return caller;
  return trust.source(c.req.raw.headers, socketAddress(c.env));
}

/**
 * The source of a page request as the web process passes it on to the API: in-process in the
 * call's environment, or over HTTP (API_URL) as X-Forwarded-* headers, which the API host
 * believes when its TRUST_PROXY names this process.
 */
export function callerSource(trust: ProxyTrust, request: Request, socket: string | undefined): CallerEnv['caller'] {
  const s = trust.source(request.headers, socket);
  const url = new URL(request.url);
  return { address: s.address, host: s.host ?? url.host, proto: s.proto ?? (url.protocol === 'https:' ? 'https' : 'http') };
}

/**
 * A page request at the host and scheme the visitor used, when a trusted proxy reports them
 * (React Router refuses an action whose Origin is not the request's: behind a proxy that ends TLS
 * the request itself says http). The same request when nothing is to change, and always without
 * TRUST_PROXY.
 */
export function atPublicOrigin(trust: ProxyTrust, request: Request, socket: string | undefined): Request {
  if (!trust.enabled) return request;
  const s = trust.source(request.headers, socket);
  if (!s.host && !s.proto) return request;
  const url = new URL(request.url);
  if (s.proto) url.protocol = `${s.proto}:`;
  if (s.host) {
    url.port = '';
    url.host = s.host;
  }
  if (url.href === request.url) return request;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  } as RequestInit);
}

export function forwardedHeaders(source: CallerEnv['caller']): Record<string, string> {
  return {
    ...(source.address ? { 'x-forwarded-for': source.address } : {}),
    'x-forwarded-host': source.host,
    'x-forwarded-proto': source.proto ?? 'http',
  };
}

function ipv6Groups(address: string): number[] {
  let s = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = s.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  if (tail === undefined) return h.map((g) => parseInt(g, 16));
  const t = tail ? tail.split(':') : [];
  return [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t].map((g) => parseInt(g, 16));
}

/**
 * The key an address is rate-limited under: an IPv4 address itself; an IPv6 address by its /64
 * network, the block one subscriber line usually gets, so changing the last 64 bits buys nothing.
 */
export function limitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = ipv6Groups(address);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
