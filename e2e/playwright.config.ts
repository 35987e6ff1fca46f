import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. Two servers: the Thai build and the Laos build.
const THAI_PORT = Number(process.env.E2E_THAI_PORT ?? 3101);
const LAOS_PORT = Number(process.env.E2E_LAOS_PORT ?? 3102);
const chromium = {
  ...devices['Pixel 7'],
  viewport: { width: 390, height: 844 },
  launchOptions: { executablePath: '/usr/bin/chromium' },
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous: the suite runs on small shared machines; a step that waits for a state has its own 10 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure', locale: 'th-TH', timezoneId: 'Asia/Bangkok' },
  projects: [
    { name: 'thai', testIgnore: /laos\.spec\.ts/, use: { ...chromium, baseURL: `http://127.0.0.1:${THAI_PORT}` } },
    { name: 'laos', testMatch: /laos\.spec\.ts/, use: { ...chromium, baseURL: `http://127.0.0.1:${LAOS_PORT}` } },
  ],
  webServer: [
    {
      command: `bash start-server.sh ${THAI_PORT} WEB_DIST=apps/web/dist`,
      url: `http://127.0.0.1:${THAI_PORT}/api/lookup/active`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      command: `bash start-server.sh ${LAOS_PORT} LAOS=true WEB_DIST=apps/web/dist-laos`,
      url: `http://127.0.0.1:${LAOS_PORT}/api/lookup/active`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
