import { defineConfig } from 'vitest/config';

/** Where the tests are, outside the API suite. */
const UNIT_TESTS = [
  'server/**/*.test.ts',
  'app/**/*.test.{ts,tsx}',
  'db/**/*.test.ts',
  'tests/unit/**/*.test.ts',
  'contracts/**/*.test.ts',
  // Detector training (ml/detector/): reproducibility, held-out false positives, calibration.
  'ml/**/*.test.ts',
];

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    globals: true,
    pool: 'forks',
    // Two cores: two workers keep the machine busy without thrashing PGlite start-ups.
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/pglite-template.ts'],
          // Each file starts its own servers on its own database and mocks nothing, so `npm test`
          // runs this project with --no-isolate: the files of a worker share its loaded modules
          // (importing the server again per file was a third of the suite's CPU). Set on the
          // command line: vitest 3 ignores `isolate` per project (vitest-dev/vitest#6258).
        },
      },
    ],
  },
});
