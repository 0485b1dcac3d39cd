import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    globals: true,
    include: [
      'server/**/*.test.ts',
      'app/**/*.test.{ts,tsx}',
      'db/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/api/**/*.test.ts',
      'contracts/**/*.test.ts',
      // Detector training (ml/detector/): reproducibility, held-out false positives, calibration.
      'ml/**/*.test.ts',
    ],
    globalSetup: ['tests/setup/pglite-template.ts'],
    pool: 'forks',
    // Two cores: two workers keep the machine busy without thrashing PGlite start-ups.
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
