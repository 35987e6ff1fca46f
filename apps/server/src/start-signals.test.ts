// `npm start` hands SIGTERM to the server itself: npm's child is the server process (each script
// `exec`s the next), so stopping npm stops the server gracefully instead of leaving it running
// without a parent. Started as an operator would, through npm, on an embedded database. A start-up
// that fails says so in the log's own shape (one JSON line, with the stack).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, SERVER_ROOT } from './paths.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const answers = (url: string) =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'krapao-start-'));
let npm: ChildProcess | null = null;
afterAll(() => {
  npm?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('stops the server when npm gets SIGTERM', async () => {
    const port = await freePort();
    const live = `http://127.0.0.1:${port}/api/health/live`;
    npm = spawn('npm', ['run', '--silent', 'start', '-w', 'apps/server'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => npm!.once('exit', (code) => resolve(code)));
    expect(await until(() => answers(live), 90_000)).toBe(true);

    npm.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 30_000))]);
    expect(code).toBe(0);
    // Nothing answers on the port any more: the server went with npm.
    expect(await until(async () => !(await answers(live)), 5_000)).toBe(true);
  }, 150_000);

  it('reports a failed start-up as a JSON log line with its stack, and exits non-zero', () => {
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const res = spawnSync(process.execPath, [path.join(SERVER_ROOT, 'dist/main.js')], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production', PORT: 'not-a-port', DATA_DIR: dir, LOG_LEVEL: 'info' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(res.status).toBe(1);
    const lines = `${res.stdout}${res.stderr}`.trim().split('\n');
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack?: string } });
    const failed = entries.find((e) => e.msg === 'start-up failed');
    expect(failed?.level).toBe(60);
    expect(failed?.err?.stack).toMatch(/Invalid configuration[\s\S]*PORT[\s\S]*at /);
  }, 90_000);
});
