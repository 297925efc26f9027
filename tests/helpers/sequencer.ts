// The order the test files start in (vitest.config.ts, sequence.sequencer): longest first, across
// the three projects, so that the workers finish together instead of one of them running a long
// file alone at the end. Vitest's own order puts the projects one after the other and, with
// no earlier run in its cache (a fresh clone, as in CI), the largest files first; file size says
// little here (tests/e2e/a11y.test.ts is short and runs longest). A file's expected time is its
// time in vitest's cache when there is one, else its time in the last full run below, else
// UNKNOWN_MS (between the long files and the many short ones).
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per file in the last full run on a quiet 2-core machine (the longest ones; CI's `npm test` prints them). */
const LAST_RUN_SECONDS: Record<string, number> = {
  'tests/e2e/forms.e2e.test.ts': 86,
  'tests/fuzz.test.ts': 84,
  'tests/e2e/a11y.test.ts': 72,
  'tests/content-restart.test.ts': 67,
  'tests/e2e/content-editor.e2e.test.ts': 56,
  'tests/restore-drill.test.ts': 54,
  'tests/process.test.ts': 53,
  'tests/e2e/console-access.e2e.test.ts': 53,
  'tests/e2e/console-reviews.e2e.test.ts': 52,
  'tests/e2e/newsletter-console.e2e.test.ts': 51,
  'tests/forms-proxy.test.ts': 51,
  'tests/e2e/traveller-polish.e2e.test.ts': 49,
  'tests/e2e/traveller.e2e.test.ts': 47,
  'tests/seo.test.ts': 46,
  'tests/e2e/interactions.test.ts': 43,
  'tests/data-dir-lock.test.ts': 41,
  'tests/guides.test.ts': 40,
  'tests/deploy.test.ts': 39,
  'tests/e2e/media.e2e.test.ts': 38,
  'tests/content-editing.test.ts': 37,
  'tests/traveller.test.ts': 36,
};

/** A file that is in neither: a new one, expected among the middling files. */
const UNKNOWN_MS = 20_000;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's order first (it breaks ties: cached failures, then size), then longest first.
    const base = await super.sort(files);
    const root = this.ctx.config.root;
    const expected = (spec: TestSpecification): number => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec)?.duration;
      if (cached) return cached;
      const known = LAST_RUN_SECONDS[path.relative(root, spec.moduleId).split(path.sep).join('/')];
      return known !== undefined ? known * 1000 : UNKNOWN_MS;
    };
    const ms = new Map(base.map((spec) => [spec, expected(spec)]));
    // (A stable sort: equal times keep vitest's order.)
    return [...base].sort((a, b) => ms.get(b)! - ms.get(a)!);
  }
}
