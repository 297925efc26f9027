// Property-based fuzzing of the whole site (tests/fuzz/requests.ts): 20,000 generated requests over
// every route family (paths, query strings, methods, headers, bodies) never get a 5xx, never log an
// error, and leave the server healthy. `npm run fuzz` runs 200,000 and prints the status counts.
import './helpers/production.ts';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fuzz } from './fuzz/requests.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';

/** 20,000 on the embedded database; a shorter run on PostgreSQL, where the same code meets another driver. */
const CASES_BY_BACKEND = { pglite: Number(process.env.FUZZ_CASES ?? 20_000), postgres: Number(process.env.FUZZ_CASES_POSTGRES ?? 4_000) };

for (const backend of backends())
  describe(`fuzzing every route family on ${backend}`, () => {
    const CASES = CASES_BY_BACKEND[backend];
    let site: InProcessSite;
    let base: string;
    const logged: { level: number; msg: string; err?: unknown }[] = [];
    let consoleErrors: ReturnType<typeof vi.spyOn>;

    beforeAll(async () => {
      // Before the app loads, so that a logger that keeps a reference to console.error is seen too.
      consoleErrors = vi.spyOn(console, 'error');
      const sink = new Writable({
        write(chunk, _enc, done) {
          for (const line of String(chunk).split('\n')) if (line) logged.push(JSON.parse(line));
          done();
        },
      });
      // The per-address budget at its widest: one client may use the whole process, so the generated
      // requests reach the handlers instead of being turned away with 429 once its share is spent.
      site = await startSite({ backend, env: { SPAM_CHECKS: 'on', CLIENT_SHARE_PERCENT: '100', LOG_LEVEL: 'info' }, logger: pino({ level: 'info' }, sink) });
      base = site.base;
    });
    afterAll(async () => {
      consoleErrors?.mockRestore();
      await site?.stop();
    });

    it(`answers ${CASES} generated requests without a 5xx or a logged error, and stays healthy`, { timeout: 900_000 }, async () => {
      consoleErrors.mockClear();
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
      const { counts, failures } = await fuzz(base, CASES, seed);
      const summary = [...counts].map(([s, n]) => `${s}: ${n}`).join(', ');
      expect(failures.slice(0, 5), `seed ${seed}; statuses ${summary}`).toEqual([]);
      expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(CASES);
      const errors = logged.filter((l) => l.level >= 50);
      expect(errors.slice(0, 3), `seed ${seed}`).toEqual([]);
      // Client faults are logged at info, one line each, never with a stack.
      expect(logged.filter((l) => l.err).slice(0, 3), `seed ${seed}`).toEqual([]);
      expect(logged.some((l) => l.msg === 'request refused' && l.level === 30)).toBe(true);
      expect(consoleErrors.mock.calls.slice(0, 3), `seed ${seed}`).toEqual([]);
      // Healthy afterwards: the database answers and pages render.
      expect((await fetch(`${base}/api/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/`)).status).toBe(200);
      expect((await fetch(`${base}/safaris`)).status).toBe(200);
    });
  });
