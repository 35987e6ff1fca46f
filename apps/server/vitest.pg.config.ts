import { defineConfig } from 'vitest/config';

// The route suites and the fused hot-path statements' tests again, each file on a fresh database of
// the real PostgreSQL at DATABASE_URL.
export default defineConfig({
  test: {
    name: 'server-pg',
    include: ['src/**/*.routes.test.ts', 'src/**/*.pg.test.ts', 'src/**/*.hot-path.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Generous: an app on PGlite starts in seconds on a quiet machine, but far slower on a busy one.
    hookTimeout: 180_000,
    env: { TEST_DB: 'pg', LOG_LEVEL: 'silent' },
  },
});
