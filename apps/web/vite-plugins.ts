// Build-only Vite plugins of the SPA (decision 033).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
/** Files smaller than this are sent as they are (the server's threshold too). */
/** The name the contracts' `z` (zod's namespace) takes in the build. */
export const CONTRACT_ZOD = 'contractZod';
const CONTRACT_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;
const ZOD_IMPORT = "import { z } from 'zod';";

/**
 * Renames zod's `z` to CONTRACT_ZOD in the contracts' sources (and nowhere else), so the build can
 * declare the contracts' schema builders pure by a name no library uses (vite.config.ts).
 */
export function contractZod(): Plugin {
  return {
    name: 'krapao-contract-zod',
    enforce: 'pre',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id) || !code.includes(ZOD_IMPORT)) return null;
      if (code.includes(CONTRACT_ZOD)) this.error(`${id} already uses the name ${CONTRACT_ZOD}`);
      const imported = code.replace(ZOD_IMPORT, `import { z as ${CONTRACT_ZOD} } from 'zod';`);
      // `z` before a member access, also across a line break (`z\n  .string()`).
      return imported.replace(/\bz(?=\s*\.)/g, CONTRACT_ZOD);
    },
  };
}

export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Write `<file>.br` and `<file>.gz` next to `file`, each only when it is smaller; returns how many. */
export async function precompressFile(file: string): Promise<number> {
  const source = await readFile(file);
  if (source.length < PRECOMPRESS_MIN_BYTES) return 0;
  const variants: Array<[string, Buffer]> = [
    [
      '.br',
      await brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    ],
    ['.gz', await gz(source, { level: 9 })],
  ];
  let written = 0;
  for (const [extension, data] of variants) {
    if (data.length >= source.length) continue;
    await writeFile(`${file}${extension}`, data);
    written += 1;
  }
  return written;
}

/**
 * After the build, write brotli (quality 11) and gzip (-9) copies of every text file of the output, so
 * the server sends them as they are (`@fastify/static` `preCompressed`): the best ratio, no CPU per request.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'krapao:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      if (!(await stat(outDir).catch(() => null))) return;
      const pending: Promise<number>[] = [];
      for await (const file of files(outDir)) if (COMPRESSIBLE.test(file)) pending.push(precompressFile(file));
      const written = (await Promise.all(pending)).reduce((a, b) => a + b, 0);
      config.logger.info(`precompressed: ${written} .br/.gz files in ${path.relative(config.root, outDir)}`);
    },
  };
}
