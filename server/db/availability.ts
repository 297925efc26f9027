// Whether the database can be reached, as the process last saw it. A failure that means the
// database is away (a refused or dropped connection, a server shutting down or starting up, a
// connect that timed out) is not a bug of the request that met it: the request answers 503 with
// Retry-After (server/api/index.ts), the health check says "degraded", and the outage is logged
// once, as a warning, when it is first seen; a probe then pings the database every second and
// logs once more when it answers again. Any other error stays an error.
import type { Logger } from '../logger.ts';

/** Socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'ECONNABORTED']);
/** The postgres client's own codes for a connection that timed out or ended under a query. */
const CLIENT_CODES = new Set(['CONNECT_TIMEOUT', 'CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED']);
/** SQLSTATEs of a server going away or not taking connections (class 08: connection exception). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Seconds a client is asked to wait (Retry-After) while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** True when the error (or one of its causes, e.g. under a DrizzleQueryError) says the database is unreachable. */
export function isDatabaseUnreachable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || CLIENT_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export interface AvailabilityOptions {
  /** Resolves when a trivial query succeeds. */
  ping(): Promise<void>;
  logger: Logger;
  /** How often the database is tried while it is away. */
  probeMs?: number;
}

export class DatabaseAvailability {
  #down: { since: number; reason: string } | null = null;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  readonly #opts: AvailabilityOptions;

  constructor(opts: AvailabilityOptions) {
    this.#opts = opts;
  }

  /** False from the first failure that says the database is away until it answers again. */
  get reachable(): boolean {
    return this.#down === null;
  }

  /**
   * Looks at an error: when it says the database is away, notes the outage (one warning when it
   * starts) and returns true; any other error returns false and is the caller's to report.
   */
  noteFailure(err: unknown): boolean {
    if (!isDatabaseUnreachable(err)) return false;
    if (this.#down || this.#stopped) return true;
    const reason = describe(err);
    this.#down = { since: Date.now(), reason };
    this.#opts.logger.warn({ reason }, 'database unreachable: requests that need it answer 503 until it is back');
    this.#probe();
    return true;
  }

  #probe(): void {
    this.#timer = setTimeout(async () => {
      this.#timer = null;
      if (this.#stopped || !this.#down) return;
      try {
        await this.#opts.ping();
      } catch {
        this.#probe();
        return;
      }
      const downMs = Date.now() - this.#down.since;
      this.#down = null;
      this.#opts.logger.warn({ downMs }, 'database reachable again');
    }, this.#opts.probeMs ?? 1000);
    this.#timer.unref();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }
}

function describe(err: unknown): string {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && isDatabaseUnreachable({ code })) return `${code}${typeof message === 'string' ? `: ${message.slice(0, 200)}` : ''}`;
    e = (e as { cause?: unknown }).cause;
  }
  return String(err).slice(0, 200);
}
