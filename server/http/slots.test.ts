import { describe, expect, it } from 'vitest';
import { Slots } from './slots.ts';

/** A run the test finishes when it wants: `started` says whether it began. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const run = { started: false, open, work: async () => ((run.started = true), await opened, 'done') };
  return run;
}

describe('Slots', () => {
  it('runs at most `limit` at once; the others wait, then run in the order they came, and all succeed', async () => {
    const slots = new Slots(2);
    const runs = Array.from({ length: 5 }, () => gate());
    const results = runs.map((r) => slots.run(r.work));
    await Promise.resolve();
    expect(runs.map((r) => r.started)).toEqual([true, true, false, false, false]);
    expect(slots.stats).toMatchObject({ running: 2, waiting: 3, waited: 3 });
    runs[1]!.open();
    await results[1];
    await new Promise((r) => setImmediate(r));
    expect(runs.map((r) => r.started)).toEqual([true, true, true, false, false]);
    for (const r of runs) r.open();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(slots.stats).toEqual({ running: 0, waiting: 0, peak: 2, waited: 3 });
  });

  it('frees the slot of a run that fails, and the failure reaches only its caller', async () => {
    const slots = new Slots(1);
    const failing = slots.run(async () => {
      throw new Error('render failed');
    });
    const next = slots.run(async () => 'next page');
    await expect(failing).rejects.toThrow('render failed');
    expect(await next).toBe('next page');
    expect(slots.stats).toMatchObject({ running: 0, waiting: 0 });
  });

  it('refuses a limit that is not a whole number of 1 or more', () => {
    expect(() => new Slots(0)).toThrow(RangeError);
    expect(() => new Slots(1.5)).toThrow(RangeError);
  });
});
