// The suite's `test`: Playwright's, with every worker on a product server of its own. Tests change
// what a whole server shares (settings, the site switch, provider faults, the dev owner's codes), so
// two workers never talk to the same server: each takes its project's server at its parallelIndex.
import { devPaths } from '@krapao/contracts/dev';
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

/**
 * The suite runs at any hour: the seeded daily window that closes slip uploads (23:50–00:10 site time)
 * is emptied on each server. The window itself is held by the server's route tests and the battery.
 */
async function openSlipUploads(server: string) {
  const res = await fetch(`${server}${devPaths.settings}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ slip: { closeStart: '00:00', closeEnd: '00:00' } }),
  });
  if (!res.ok) throw new Error(`emptying the slip window of ${server}: HTTP ${res.status} ${await res.text()}`);
}

export const test = base.extend<Pick<PlaywrightTestOptions, 'baseURL'>, ServerFixtures>({
  servers: [[], { scope: 'worker', option: true }],
  server: [
    async ({ servers }, use, workerInfo) => {
      // A project of one server runs one worker at a time (its `workers: 1`), whatever its index.
      const chosen = servers.length === 1 ? servers[0] : servers[workerInfo.parallelIndex];
      if (!chosen) {
        throw new Error(`no server for parallel worker ${workerInfo.parallelIndex} of ${servers.length} servers`);
      }
      await openSlipUploads(chosen);
      await use(chosen);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server),
});

export { expect } from '@playwright/test';
