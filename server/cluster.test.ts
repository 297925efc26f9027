import { describe, expect, it } from 'vitest';
import { restartDelay } from './cluster.ts';

describe('replacing a dead worker', () => {
  it('starts the first replacement at once, then waits twice as long after each further death, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(restartDelay)).toEqual([0, 500, 1000, 2000, 4000, 8000]);
    expect(restartDelay(9)).toBe(30_000);
    expect(restartDelay(50)).toBe(30_000);
  });
});
