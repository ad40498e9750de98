import { defineConfig } from 'vitest/config';

// Web tests run against the built package (dist/); e2e tests drive Debian chromium.
export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.ts', 'tests/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
