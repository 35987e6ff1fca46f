// The suite's `test`: Playwright's, with every worker on a product server of its own. Tests change
// what a whole server shares (settings, the site switch, provider faults, the dev owner's codes), so
// two workers never talk to the same server: each takes its project's server at its parallelIndex.
import { test as base, type PlaywrightTestOptions } from '@playwright/test';

export type ServerOptions = {
  /**
   * The origins of the project's servers, one per parallel worker. Workers that run at the same time
   * have different parallelIndexes, and a worker started again after a failure keeps its own.
   */
  servers: string[];
};

type ServerFixtures = ServerOptions & {
  /** This worker's server: the origin `page`, `request` and `baseURL` use. */
  server: string;
};

export const test = base.extend<Pick<PlaywrightTestOptions, 'baseURL'>, ServerFixtures>({
  servers: [[], { scope: 'worker', option: true }],
  server: [
    async ({ servers }, use, workerInfo) => {
      // A project of one server runs one worker at a time (its `workers: 1`), whatever its index.
      const chosen = servers.length === 1 ? servers[0] : servers[workerInfo.parallelIndex];
      if (!chosen) {
        throw new Error(`no server for parallel worker ${workerInfo.parallelIndex} of ${servers.length} servers`);
      }
      await use(chosen);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server),
});

export { expect } from '@playwright/test';
