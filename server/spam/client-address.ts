// The visitor's IP address. The API reads the connection's address from the environment; the web
// process appends it to X-Forwarded-For when it calls the API for a page or proxies to API_URL
// (server/web.ts). The API then walks that list from the right, skipping
// loopback and private addresses (this server and reverse proxies in front of it), and takes the
// first public one. With nothing public in the list, the leftmost entry is the visitor.
import { isIP } from 'node:net';
import type { Context } from 'hono';

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

/** The address of the connection a request came in on (@hono/node-server's environment). */
export function socketAddress(env: unknown): string | undefined {
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
