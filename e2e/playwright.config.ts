import { defineConfig, devices } from '@playwright/test';
import type { ServerOptions } from './tests/fixtures';

// Debian's Chromium, never a downloaded browser. Servers: one Thai build per parallel worker (tests
// change what a whole server shares, so each worker has its own server and database; see
// tests/fixtures.ts) and one Laos build. scripts/test.sh checks the ledger of each one's database.
const THAI_PORTS = (process.env.E2E_THAI_PORTS ?? '3101,3103').split(',').map(Number);
const LAOS_PORT = Number(process.env.E2E_LAOS_PORT ?? 3102);
const origin = (port: number) => `http://127.0.0.1:${port}`;
const chromium = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  // One device pixel per CSS pixel: the layout at 390 px is the phone's, while painting and the
  // screenshots at the Pixel's 2.625 cost the suite about a sixth of its CPU on two cores.
  deviceScaleFactor: 1,
  launchOptions: { executablePath: '/usr/bin/chromium' },
};

function server(port: number, ...env: string[]) {
  return {
    command: `bash start-server.sh ${port} ${env.join(' ')}`,
    url: `${origin(port)}/api/lookup/active`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
  };
}

export default defineConfig<object, ServerOptions>({
  testDir: './tests',
  // A file's tests run in order in one worker; files spread over the workers.
  fullyParallel: false,
  workers: THAI_PORTS.length,
  retries: process.env.CI ? 1 : 0,
  // Generous: the suite runs on small shared machines; a step that waits for a state has its own 10 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure', locale: 'th-TH', timezoneId: 'Asia/Bangkok' },
  projects: [
    {
      name: 'thai',
      testIgnore: /laos\.spec\.ts/,
      workers: THAI_PORTS.length,
      use: { ...chromium, servers: THAI_PORTS.map(origin) },
    },
    { name: 'laos', testMatch: /laos\.spec\.ts/, workers: 1, use: { ...chromium, servers: [origin(LAOS_PORT)] } },
  ],
  webServer: [
    ...THAI_PORTS.map((port) => server(port, 'WEB_DIST=apps/web/dist')),
    server(LAOS_PORT, 'LAOS=true', 'WEB_DIST=apps/web/dist-laos'),
  ],
});
