// Directories the server reads at run time. They are found from this module's own location:
// src/paths.ts in the sources and dist/main.js in the build (one bundled file) both sit one level
// under apps/server, so the same relative path holds for both. Keep it so when moving either.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server */
export const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The repository (apps/web/dist lives under it). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
/** Drizzle's SQL migrations, applied at boot. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
/** The demo provider's static script and style, read from the sources (the build does not copy them). */
export const DEMO_PROVIDER_ASSETS = path.join(SERVER_ROOT, 'src/adapters/games/demo-provider/assets');
