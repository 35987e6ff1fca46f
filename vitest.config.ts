import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.projects.ts';

// One run, several projects: contracts, scripts and the bench's own helpers, server unit / route tests on PGlite, the same route
// suites on PostgreSQL when DATABASE_URL is set, and the SPA's and the operator console's component tests in jsdom.
const projects: NonNullable<Parameters<typeof defineConfig>[0]['test']>['projects'] = [
  { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' } },
  { test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'], environment: 'node' } },
  { test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'], environment: 'node' } },
  ...serverProjects(Boolean(process.env.DATABASE_URL)),
  'apps/web/vitest.config.ts',
  'apps/ops/vitest.config.ts',
];

// Vitest's default leaves one core to its main process (one worker on 2 cores), which sits idle while
// the worker's tests wait on PostgreSQL, timers and the hash thread pool: two workers at the least.
export default defineConfig({ test: { projects, maxWorkers: Math.max(2, availableParallelism() - 1) } });
