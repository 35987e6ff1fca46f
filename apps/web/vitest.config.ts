import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite-preact';

const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [react()],
  // The tests render with what ships: Preact through compat (vite-preact.ts).
  resolve: {
    alias: [
      ...preactAliases,
      // Under Node its export map picks the CommonJS build, whose require('react') skips the aliases.
      { find: /^react-router$/, replacement: require.resolve('react-router').replace(/\.js$/, '.mjs') },
      // Its package has no export map: Node would load the CommonJS build, whose require('react-dom')
      // skips the aliases. The ES build goes through them.
      {
        find: /^@testing-library\/react$/,
        replacement: require.resolve('@testing-library/react').replace(/index\.js$/, '@testing-library/react.esm.js'),
      },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // One VM context per file inside long-lived threads: jsdom and the modules load once per worker
    // rather than once per file in a fresh process (decision 122).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The libraries that import React are bundled through Vite, so the aliases reach their imports too
    // (Node's own require('react') would load a second copy: React's).
    server: {
      deps: {
        inline: [/@testing-library/, /react-router/, /react-i18next/, /@tanstack/, /react-hook-form/, /@hookform/],
      },
    },
    // A component test types and waits in jsdom: seconds on a quiet machine, more on a busy one.
    testTimeout: 20_000,
  },
});
