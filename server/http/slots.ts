// A bound on work in flight: at most `limit` runs at once, the others wait their turn in the order
// they came (none is refused). The kept answers' best copies are made through one
// (server/http/cache.ts): one at a time, as each holds a large compression table while it runs.

interface SlotStats {
  /** Runs under way now. */
  running: number;
  /** Runs waiting for a slot now. */
  waiting: number;
  /** The most runs under way at once so far. */
  peak: number;
  /** Runs that had to wait for a slot so far. */
  waited: number;
}

export class Slots {
  readonly limit: number;
  #running = 0;
  #peak = 0;
  #waited = 0;
  readonly #queue: (() => void)[] = [];

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a number of slots must be a whole number of 1 or more, not ${limit}`);
    this.limit = limit;
  }

  get stats(): SlotStats {
    return { running: this.#running, waiting: this.#queue.length, peak: this.#peak, waited: this.#waited };
  }

  /** Runs `work` once a slot is free, and frees it when the work has settled (succeeded or failed). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running < this.limit) this.#running++;
    else {
      this.#waited++;
      // The slot is handed over by the run that frees it: `running` stays counted meanwhile.
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    }
    this.#peak = Math.max(this.#peak, this.#running);
    try {
      return await work();
    } finally {
      const next = this.#queue.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
