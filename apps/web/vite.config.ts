import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/dev/': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      // The contracts build zod schemas at module top level; marking `z.*` pure lets the bundler drop
      // the schemas a chunk does not use, so the login route ships no zod (DESIGN §9).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
