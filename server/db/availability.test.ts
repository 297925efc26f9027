import { describe, expect, it } from 'vitest';
import { DatabaseAvailability, isDatabaseUnreachable } from './availability.ts';

function recordingLogger() {
  const lines: { level: string; obj: unknown; msg: string }[] = [];
  const at = (level: string) => (obj: unknown, msg?: string) => void lines.push({ level, obj, msg: msg ?? String(obj) });
  return { lines, logger: { warn: at('warn'), error: at('error'), info: at('info') } as never };
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isDatabaseUnreachable', () => {
  it('knows a lost or refused connection, also under the query error that wraps it', () => {
    expect(isDatabaseUnreachable(refused())).toBe(true);
    expect(isDatabaseUnreachable(new Error('Failed query: select 1', { cause: refused() }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnreachable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true);
  });

  it('leaves other errors to be errors', () => {
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnreachable(new Error('Failed query', { cause: Object.assign(new Error('syntax'), { code: '42601' }) }))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});

describe('DatabaseAvailability', () => {
  it('one warning when the database goes away, none for the failures after it, one when a ping answers again', async () => {
    const { lines, logger } = recordingLogger();
    let up = false;
    let pings = 0;
    const availability = new DatabaseAvailability({
      logger,
      probeMs: 10,
      ping: async () => {
        pings++;
        if (!up) throw refused();
      },
    });
    expect(availability.reachable).toBe(true);
    expect(availability.noteFailure(new Error('boom'))).toBe(false);
    expect(availability.reachable).toBe(true);
    for (let i = 0; i < 20; i++) expect(availability.noteFailure(new Error('Failed query', { cause: refused() }))).toBe(true);
    expect(availability.reachable).toBe(false);
    await new Promise((r) => setTimeout(r, 60));
    expect(availability.reachable).toBe(false);
    expect(pings).toBeGreaterThan(1);
    up = true;
    const until = Date.now() + 2000;
    while (!availability.reachable && Date.now() < until) await new Promise((r) => setTimeout(r, 5));
    expect(availability.reachable).toBe(true);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'database unreachable: requests that need it answer 503 until it is back'],
      ['warn', 'database reachable again'],
    ]);
    availability.stop();
  });

  it('stops probing when stopped', async () => {
    const { logger } = recordingLogger();
    let pings = 0;
    const availability = new DatabaseAvailability({ logger, probeMs: 5, ping: async () => void pings++ });
    availability.noteFailure(refused());
    availability.stop();
    await new Promise((r) => setTimeout(r, 40));
    expect(pings).toBe(0);
  });
});
