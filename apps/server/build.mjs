// `npm run build -w apps/server`: the server as one ES module, dist/main.js, started with node itself.
// The server's sources and the workspace's @krapao/contracts (TypeScript) are bundled; every other
// package stays an import resolved from node_modules at run time (native ones such as sharp and
// argon2 included). Types are checked by `npm run typecheck`, not here.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
/** dist by default; another directory as the first argument (the build test uses one). */
const outdir = path.resolve(process.argv[2] ?? path.join(here, 'dist'));

/** Bare imports stay external, except the workspace's own TypeScript packages. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@krapao/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
const { outputFiles } = await build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts'],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest engine package.json accepts; newer ones run the same output.
  target: 'node20.19',
  // Error classes and handlers keep the names the sources give them.
  keepNames: true,
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [externalPackages],
  write: false,
});
// Each file replaced in one rename: a server starting while another build runs (the browser suite
// and the battery build before they start servers) reads the old file or the new one, never half.
mkdirSync(outdir, { recursive: true });
for (const file of outputFiles) {
  const tmp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(tmp, file.contents);
  renameSync(tmp, file.path);
}
console.log(`server built: ${path.relative(process.cwd(), path.join(outdir, 'main.js'))} (${Date.now() - started} ms)`);
