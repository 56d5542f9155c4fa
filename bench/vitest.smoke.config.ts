import { defineConfig } from 'vitest/config';

/**
 * `npm run bench:smoke`: one quick bench pass with its report checked (bench/smoke.check.ts).
 * It builds, serves and drives Chromium for under two minutes (the mobile profile's three loads
 * and the first-tap section's five take most of it), so `npm test` leaves it out.
 */
export default defineConfig({
  test: {
    include: ['bench/smoke.check.ts'],
    environment: 'node',
    testTimeout: 300_000,
  },
});
