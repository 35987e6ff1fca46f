import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'ops',
    environment: 'jsdom',
    // One VM context per file inside long-lived threads: jsdom and the modules load once per worker
    // rather than once per file in a fresh process (decision 122).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A component test types and waits in jsdom: seconds on a quiet machine, more on a busy one.
    testTimeout: 20_000,
  },
});
