#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository checked with `tsc --noEmit`, as
// many at once as the machine has cores (the longest first), each one's output printed whole when it
// ends. Exits 1 when any project has errors.
//
//   node scripts/typecheck.mjs [project…]   # all of PROJECTS when none is named
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

/** The projects, longest to check first (so the last to start are the short ones). */
export const PROJECTS = ['apps/server', 'bench', 'battery', 'apps/web', 'apps/ops', 'e2e', 'packages/contracts'];

function check(project) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      resolve({ project, ok: code === 0, output, seconds });
    });
  });
}

/** Checks `projects`, `lanes` at a time; answers each one's result in the order they ended. */
export async function typecheck(projects = PROJECTS, lanes = Math.max(2, availableParallelism())) {
  const queue = [...projects];
  const results = [];
  const lane = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      results.push(result);
      process.stdout.write(`${result.ok ? 'ok    ' : 'FAILED'} ${project} (${result.seconds} s)\n`);
      if (!result.ok) process.stdout.write(result.output);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, queue.length) }, lane));
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2);
  const results = await typecheck(named.length > 0 ? named : PROJECTS);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}
