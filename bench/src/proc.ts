// Child processes of the bench: servers that print READY, and one-shot workers that print one JSON
// line. Each is ended by its own pid when the bench is done with it.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { BENCH_DIR } from './settings.ts';

const TSX = ['--import', 'tsx'];

export type Server = { child: ChildProcess; stop: () => Promise<void>; stderr: () => string };

export function startServer(
  script: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<Server> {
  const child = spawn(process.execPath, [...nodeArgs, ...TSX, path.join(BENCH_DIR, 'src', script)], {
    cwd: BENCH_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => {
    err = (err + d.toString()).slice(-8000);
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start in 60 s:\n${err}`));
    }, 60_000);
    child.stdout!.on('data', (d) => {
      out += d.toString();
      if (out.includes('READY')) {
        clearTimeout(timer);
        resolve({ child, stop, stderr: () => err });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready:\n${err}`));
    });
  });
}

/** Runs a worker script to its end and parses the JSON line it prints last. */
export function runWorker<T>(
  script: string,
  arg: unknown,
  env: Record<string, string> = {},
  timeoutS = 300,
): Promise<T> {
  const child = spawn(process.execPath, [...TSX, path.join(BENCH_DIR, 'src', script), JSON.stringify(arg)], {
    cwd: BENCH_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d) => {
    err = (err + d.toString()).slice(-8000);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutS * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${script} exited with ${code}:\n${err}`));
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`${script} printed no result:\n${out}\n${err}`));
      }
    });
  });
}
