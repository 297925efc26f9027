// Loaded before every test file (vitest.config.ts setupFiles): a browser test fails when any page
// it opened reported a Content-Security-Policy violation (tests/helpers/browser.ts listens).
import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './browser.ts';

afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
