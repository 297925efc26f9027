import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobWorker, startJob, type RunningJob } from './job-loop.ts';
import type { Logger } from './logger.ts';

const fakeLogger = () => {
  const lines: { level: 'warn' | 'error'; fields: Record<string, unknown>; message: string }[] = [];
  const logger = {
    warn: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'warn', fields, message }),
    error: (fields: Record<string, unknown>, message: string) => lines.push({ level: 'error', fields, message }),
  } as unknown as Logger;
  return { logger, lines };
};

/** Lets the promises queued so far settle (the loop awaits between its steps). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the job loop', () => {
  const running: RunningJob[] = [];
  const start = (...args: Parameters<typeof startJob>) => {
    const job = startJob(...args);
    running.push(job);
    return job;
  };

  afterEach(async () => {
    await Promise.all(running.splice(0).map((j) => j.stop()));
    vi.useRealTimers();
  });

  it('runs a job at once, then again after each wait', async () => {
    vi.useFakeTimers();
    const { logger } = fakeLogger();
    let runs = 0;
    start({ name: 'count', everyMs: 1000, run: async () => void runs++ }, { logger });
    await settle();
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toBe(5);
  });

  it('waits firstAfterMs before the first run', async () => {
    vi.useFakeTimers();
    const { logger } = fakeLogger();
    let runs = 0;
    start({ name: 'later', everyMs: 1000, firstAfterMs: 5000, run: async () => void runs++ }, { logger });
    await vi.advanceTimersByTimeAsync(4999);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
  });

  it('runs at once when kicked, and again without waiting while the job says more is due', async () => {
    vi.useFakeTimers();
    const { logger } = fakeLogger();
    let runs = 0;
    let due = 0;
    const job = start({ name: 'queue', everyMs: 3600_000, run: async () => (runs++, due > 0 ? (due--, true) : false) }, { logger });
    await settle();
    expect(runs).toBe(1);
    due = 2;
    job.kick();
    await settle();
    // The kick's run, then two more while the job said more was due; then it waits its hour.
    expect(runs).toBe(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(4);
  });

  it('logs a failing job with its name and runs it again; other jobs go on', async () => {
    vi.useFakeTimers();
    const { logger, lines } = fakeLogger();
    let failing = 0;
    let healthy = 0;
    start({ name: 'broken', everyMs: 1000, run: async () => (failing++, Promise.reject(new Error('boom'))) }, { logger });
    start({ name: 'fine', everyMs: 1000, run: async () => void healthy++ }, { logger });
    await vi.advanceTimersByTimeAsync(2000);
    expect(failing).toBe(3);
    expect(healthy).toBe(3);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ level: 'warn', message: 'broken could not run', fields: { job: 'broken' } });
    expect((lines[0]!.fields.err as Error).message).toBe('boom');
  });

  it("logs with the job's own words and level, and not at all what the availability watch logs", async () => {
    vi.useFakeTimers();
    const { logger, lines } = fakeLogger();
    const outage = new Error('database away');
    let n = 0;
    start(
      { name: 'mail', everyMs: 1000, failure: { level: 'error', message: 'mail outbox could not be read' }, run: async () => Promise.reject(n++ === 0 ? outage : new Error('other')) },
      { logger, availability: { noteFailure: (err) => err === outage } },
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(n).toBe(2);
    expect(lines).toEqual([{ level: 'error', fields: expect.objectContaining({ job: 'mail' }), message: 'mail outbox could not be read' }]);
    expect((lines[0]!.fields.err as Error).message).toBe('other');
  });

  it('waits longer after failures in a row when the job has a backoff, and its usual wait after a success', async () => {
    vi.useFakeTimers();
    const { logger } = fakeLogger();
    const times: number[] = [];
    let fail = true;
    start({ name: 'backoff', everyMs: 100, maxBackoffMs: 500, run: async () => (times.push(Date.now()), fail ? Promise.reject(new Error('no')) : undefined) }, { logger });
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 500 + 500);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // 100 · 2^failures, capped at 500.
    expect(gaps).toEqual([200, 400, 500, 500]);
    fail = false;
    await vi.advanceTimersByTimeAsync(500 + 100);
    const after = times.slice(-2);
    expect(after[1]! - after[0]!).toBe(100);
  });

  it('stop waits for the run under way, and nothing runs after it', async () => {
    const { logger } = fakeLogger();
    let release!: () => void;
    let runs = 0;
    let finished = false;
    const job = start(
      {
        name: 'slow',
        everyMs: 10,
        run: async () => {
          runs++;
          await new Promise<void>((r) => (release = r));
          finished = true;
        },
      },
      { logger },
    );
    await vi.waitFor(() => expect(runs).toBe(1));
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
  });

  it('stop ends the wait at once', async () => {
    vi.useFakeTimers();
    const { logger } = fakeLogger();
    const job = start({ name: 'idle', everyMs: 3600_000, run: async () => {} }, { logger });
    await settle();
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(true);
    await stopping;
  });
});

describe('a job worker', () => {
  afterEach(() => vi.useRealTimers());

  it('starts its loop on the first start only, runs it when kicked, and cleans up after the run under way when stopped', async () => {
    vi.useFakeTimers();
    const { logger } = fakeLogger();
    const steps: string[] = [];
    let finish: () => void = () => {};
    const worker = jobWorker(
      {
        name: 'steps',
        everyMs: 60_000,
        run: () => {
          steps.push('run');
          return steps.length === 3 ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve();
        },
      },
      { logger },
      { runOnce: async () => 7, afterStop: () => steps.push('cleaned') },
    );
    await settle();
    expect(steps).toEqual([]);
    worker.start();
    worker.start();
    await settle();
    expect(steps).toEqual(['run']);
    worker.kick();
    await settle();
    expect(steps).toEqual(['run', 'run']);
    expect(await worker.runOnce()).toBe(7);
    worker.kick();
    await settle();
    const stopped = worker.stop();
    await settle();
    expect(steps).toEqual(['run', 'run', 'run']);
    finish();
    await stopped;
    expect(steps).toEqual(['run', 'run', 'run', 'cleaned']);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(steps).toEqual(['run', 'run', 'run', 'cleaned']);
  });

  it('stops without having started, and still cleans up', async () => {
    const { logger } = fakeLogger();
    let cleaned = 0;
    const worker = jobWorker({ name: 'idle', everyMs: 1000, run: async () => {} }, { logger }, { runOnce: async () => 0, afterStop: () => cleaned++ });
    await worker.stop();
    expect(cleaned).toBe(1);
  });
});
