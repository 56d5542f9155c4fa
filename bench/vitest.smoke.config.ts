import { defineConfig } from 'vitest/config';

/**
 * `npm run bench:smoke`: one quick bench pass with its report checked (bench/smoke.check.ts).
 * It builds, serves and drives Chromium for about two and a half minutes (the mobile profile's three
 * loads take about 45 s of it, the first-tap section's five about a minute), so `npm test` leaves it out.
 */
export default defineConfig({
  test: {
    include: ['bench/smoke.check.ts'],
    environment: 'node',
    testTimeout: 300_000,
  },
});
