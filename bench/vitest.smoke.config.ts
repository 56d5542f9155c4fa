import { defineConfig } from 'vitest/config';

/**
 * `npm run bench:smoke`: one quick bench pass with its report checked (bench/smoke.check.ts).
 * It builds, serves and drives Chromium for about a minute and a half (the mobile profile's three
 * loads take about 45 s of it), so `npm test` leaves it out.
 */
export default defineConfig({
  test: {
    include: ['bench/smoke.check.ts'],
    environment: 'node',
    testTimeout: 210_000,
  },
});
