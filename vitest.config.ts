import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/**/*.test.ts'];

/**
 * One server suite, two databases (STYLE: tests): the same files run once per engine. The runner
 * script (scripts/test.mjs) leaves the PostgreSQL project out only where no PostgreSQL answers
 * and CI is not set.
 */
export default defineConfig({
  test: {
    projects: [
      // The property suites (fast-check, 100 runs each) take seconds on a loaded machine: time is the bench's to judge.
      { test: { name: 'shared', include: ['packages/shared/**/*.test.ts'], testTimeout: 20_000 } },
      // The repository's own rules (the lint walls of eslint.boundaries.js).
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/**/*.test.{ts,tsx}'], passWithNoTests: true } },
      {
        test: {
          name: 'server:sqlite',
          include: serverTests,
          env: { OSP_TEST_ENGINE: 'sqlite' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server:postgres',
          include: serverTests,
          env: { OSP_TEST_ENGINE: 'postgres' },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
