// The visitor's IP address. The web server appends the address of the connection it accepted to
// X-Forwarded-For (withClientAddress); the API then walks that list from the right, skipping
// loopback and private addresses (this server and reverse proxies in front of it), and takes the
// first public one. With nothing public in the list, the leftmost entry is the visitor.
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { Hono } from 'hono';

function isTrustedHop(ip: string): boolean {
  const v = ip.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(v) === 4) {
    const [a, b] = v.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (isIP(v) === 6) return v === '::1' || v.startsWith('fc') || v.startsWith('fd') || v.startsWith('fe80');
  return false;
}

function normalise(ip: string): string | null {
  let v = ip.trim().replace(/^"|"$/g, '');
  // "[::1]:1234" and "1.2.3.4:5678"
  const bracket = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracket) v = bracket[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(v)) v = v.replace(/:\d+$/, '');
  v = v.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
  return isIP(v) ? v : null;
}

/** Picks the visitor's address out of an X-Forwarded-For chain (see the comment at the top). */
export function clientAddressFrom(chain: string[]): string | null {
  const hops = chain.map(normalise).filter((h): h is string => h !== null);
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrustedHop(hops[i]!)) return hops[i]!;
  return hops[0] ?? null;
}

function socketAddress(env: unknown): string | undefined {
  return (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/** The visitor's address for an API request (direct, behind the web server, or called from an action). */
export function clientAddress(c: Context): string | null {
  const xff = c.req.header('x-forwarded-for') ?? '';
  const chain = xff ? xff.split(',') : [];
  const socket = socketAddress(c.env);
  if (socket) chain.push(socket);
  return clientAddressFrom(chain);
}

/** Wraps the web app so every request carries the connection's address at the end of X-Forwarded-For. */
export function withClientAddress<E extends object>(inner: Hono<E>): Hono<E> {
  const outer = new Hono<E>();
  outer.all('*', (c) => {
    const socket = socketAddress(c.env);
    if (!socket) return inner.fetch(c.req.raw, c.env);
    const headers = new Headers(c.req.raw.headers);
    const prior = headers.get('x-forwarded-for');
    headers.set('x-forwarded-for', prior ? `${prior}, ${socket}` : socket);
    return inner.fetch(new Request(c.req.raw, { headers }), c.env);
  });
  return outer;
}
