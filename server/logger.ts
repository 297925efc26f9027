import pino from 'pino';

/** The private trip pages' tokens (/trip/{token}) are secrets: a log line names the page, never the token. */
const TRIP_PATH = /(\/trip\/)[^/?#\s"]+/g;
const maskTripTokens = (s: string) => s.replace(TRIP_PATH, '$1[token]');

function masked(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('/trip/') ? maskTripTokens(value) : value;
  if (value instanceof Error) {
    if (!`${value.message}${value.stack}`.includes('/trip/')) return value;
    return Object.assign(Object.create(Object.getPrototypeOf(value) as object) as Error, value, { message: maskTripTokens(value.message), stack: maskTripTokens(value.stack ?? '') });
  }
  if (depth > 2 || value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v, depth + 1)]));
}

/** @param destination where the lines go (default: standard output); tests pass a stream to read them. */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'safari-site' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { log: (obj) => masked(obj) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' && a.includes('/trip/') ? maskTripTokens(a) : a)) as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type { Logger } from 'pino';
