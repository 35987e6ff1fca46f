// The machine, PostgreSQL settings, load average and commit the figures were measured on.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import type { RunContext } from './run-context.ts';
import { REPO_ROOT } from './settings.ts';

export type MachineInfo = Awaited<ReturnType<typeof describeMachine>>;

/** The 1, 5 and 15 minute load averages, as the report prints them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

export async function describeMachine(ctx: RunContext) {
  const [pgInfo] = await ctx.sql<Record<string, string>>(
    `select version() as version, current_setting('shared_buffers') as shared_buffers,
       current_setting('synchronous_commit') as synchronous_commit, current_setting('max_connections') as max_connections,
       current_setting('work_mem') as work_mem`,
  );
  const git = (args: string[]) => spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';
  const cpus = os.cpus();
  return {
    cpu: `${cpus.length} × ${cpus[0]?.model ?? 'unknown'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: pgInfo?.version?.split(' on ')[0] ?? '',
    pgSettings: pgInfo
      ? `shared_buffers ${pgInfo.shared_buffers}, synchronous_commit ${pgInfo.synchronous_commit}, max_connections ${pgInfo.max_connections}, work_mem ${pgInfo.work_mem}`
      : '',
    commit: `${git(['rev-parse', '--short', 'HEAD'])}${git(['status', '--porcelain']) ? ' (with uncommitted changes)' : ''}`,
    loadStart: loadAverage(),
  };
}
