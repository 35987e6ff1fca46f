import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Generous: an app on PGlite starts in seconds on a quiet machine, but far slower on a busy one.
    hookTimeout: 180_000,
    env: { TEST_DB: 'pglite', LOG_LEVEL: 'silent' },
  },
});
