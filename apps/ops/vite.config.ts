// The operator console: its own bundle under /ops/, never sharing code with the member SPA.
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  base: '/ops/',
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      // ws: the console's live channel (socket.io on /api/ops/live).
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      // Operator images (banners), served by the API for every page.
      '/files/': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // The strict CSP of /ops allows no inline script: the module preload helper stays in a file.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/ },
          ],
        },
      },
    },
  },
});
