import { readdirSync, readFileSync } from 'node:fs';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { memberShellGroups, VENDOR } from './vite-chunks';
import { CONTRACT_ZOD, contractZod, precompress } from './vite-plugins';
import { preactAliases } from './vite-preact';
import { pwa } from './vite-pwa';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * The contracts build zod schemas at module top level, some derived from others
 * (`ZBankAccount.nullable()`). Declaring zod's namespace and every exported schema pure lets the
 * bundler drop the schemas a chunk does not use, and spares the page building them (decision 032). The
 * list applies by name to every module, so it names zod by the contracts' own alias (CONTRACT_ZOD,
 * vite-plugins.ts), never `z`: Preact's minified build calls a function of its own named `z`, and
 * marking that pure emptied every render (decision 105). Schema names are five characters or more,
 * clear of minified names.
 */
function contractSchemaNames(): string[] {
  const dir = new URL('../../packages/contracts/src/', import.meta.url);
  const names = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [...readFileSync(new URL(file, dir), 'utf8').matchAll(/export const (Z\w+)/g)].map((m) => m[1]));
  return names.filter((name): name is string => name !== undefined && name.length >= 5);
}

export default defineConfig({
  plugins: [contractZod(), react(), tailwindcss(), pwa(), precompress()],
  resolve: { alias: preactAliases },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/dev/': { target: API_TARGET, changeOrigin: true },
      // Operator images (banners), served by the API for every page.
      '/files/': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      treeshake: { manualPureFunctions: [CONTRACT_ZOD, ...contractSchemaNames()] },
      output: {
        // Named vendor chunks: stable across app deploys, and each loads only where it is used.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: VENDOR },
            // The signed-in shell and what it shares with /login as a few files (vite-chunks.ts).
            ...memberShellGroups(),
            { name: 'hook-form', test: /node_modules[\\/]react-hook-form[\\/]/ },
            // Loaded when idle after the page (main.tsx); the update prompt only shows once it has run.
            {
              name: 'service-worker',
              test: /src[\\/](lib[\\/]service-worker\.ts|components[\\/]update-prompt\.tsx)$/,
              // The store both share (lib/app-update.ts) stays in the entry.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
