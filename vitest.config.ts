import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/helpers/sequencer.ts';

// Three projects: `unit` (app/, common/, server/: no site, no browser; the inner loop,
// `npm run test:unit`), `api` (tests/: whole sites on PGlite, and PostgreSQL where a file
// exercises SQL) and `browser` (tests/e2e/: Chromium against the production build). `npm test`
// runs them all.
const shared = {
  environment: 'node',
  pool: 'forks',
  // Generous: the suite shares two cores with PostgreSQL, Chromium and several servers (and, on a
  // shared machine, with other work: at a load of 19 a restart test took over 120 s).
  testTimeout: 240_000,
  hookTimeout: 180_000,
  // expect.poll() waits up to 15 s for what it checks (vitest's default is 1 s): a page under load
  // may commit a moment late, and a poll that passes returns as soon as it does.
  expect: { poll: { timeout: 15_000 } },
} as const;

export default defineConfig({
  test: {
    // Two files at a time on two cores. A file spends part of its time waiting (a site starting or
    // stopping, Chromium, PostgreSQL, a form's minimum fill time), so a third would fill that time,
    // but it has not yet been shown free of timeouts on a quiet machine: try it with
    // `TEST_WORKERS=3 npm test`.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    // The longest files start first, whatever their project (tests/helpers/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    // Once per run: a directory for the seeded database templates the files clone
    // (tests/helpers/templates.ts), removed at the end with the PostgreSQL templates.
    globalSetup: ['tests/helpers/run-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'common/**/*.test.{ts,tsx}', 'server/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          ...shared,
          name: 'api',
          include: ['tests/*.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['tests/e2e/**/*.test.ts'],
          // A page's Content-Security-Policy violation fails the test that opened it.
          setupFiles: ['tests/helpers/csp-guard.ts'],
          // One read-only site and one Chromium for the whole run (tests/helpers/shared-site.ts).
          globalSetup: ['tests/helpers/browser-setup.ts'],
        },
      },
    ],
  },
});
