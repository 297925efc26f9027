import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['node_modules/**', 'build/**', '.cache/**', 'data/**'],
    environment: 'node',
    setupFiles: ['tests/helpers/csp-guard.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Generous: the suite shares two cores with PostgreSQL, Chromium and several servers.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
