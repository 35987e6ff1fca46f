// What every step of `npm run bench` shares: the settings, the log, the scratch files handed to
// the workers, and the helpers that start a load or baseline worker and count in the database.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { LoadResult, LoadSpec, Workload } from './load.ts';
import { runWorker, type Server } from './proc.ts';
import { BENCH_PASSWORD, type BenchSettings, TRANSFER_BAHT } from './settings.ts';
import type { BaselineResult, BaselineSpec } from './sql-baselines.ts';

export function createRunContext(s: BenchSettings) {
  const started = Date.now();
  const log = (msg: string) =>
    console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'krapao-bench-'));
  const membersFile = path.join(work, 'members.json');
  const templatesFile = path.join(work, 'templates.json');
  const runId = Date.now().toString(36);
  let runSeq = 0;
  /** Servers still running: stopped by `close` whatever happened. */
  const servers: Server[] = [];

  const skip = (part: string) => s.skip.has(part);

  async function load(workload: Workload, port: number, opts: Partial<LoadSpec>): Promise<LoadResult> {
    runSeq += 1;
    const spec: LoadSpec = {
      mode: 'closed',
      workload,
      port,
      connections: s.connections,
      duration: s.duration,
      membersFile,
      runId: `${runId}-${runSeq}`,
      game: s.game,
      password: BENCH_PASSWORD,
      transferBaht: TRANSFER_BAHT,
      ...opts,
    };
    return runWorker<LoadResult>('load.ts', spec, {}, spec.duration + 120);
  }

  async function baseline(mode: BaselineSpec['mode'], opts: Partial<BaselineSpec> = {}): Promise<BaselineResult> {
    runSeq += 1;
    const spec: BaselineSpec = {
      mode,
      databaseUrl: s.databaseUrl,
      connections: s.connections,
      poolSize: s.poolSize,
      duration: s.duration,
      runId: `${runId}-${runSeq}`,
      game: s.game,
      membersFile,
      templatesFile,
      ...opts,
    };
    const result = await runWorker<BaselineResult>('sql-baselines.ts', spec, {}, spec.duration + 120);
    if (result.errors > 0) log(`  ${mode}: ${result.errors} errors (${result.error})`);
    return result;
  }

  async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: s.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      await client.end();
    }
  }

  async function transferMarker(): Promise<number> {
    const [row] = await sql<{ id: string }>('select coalesce(max(id), 0) as id from ledger_transactions');
    return Number(row?.id ?? 0);
  }

  /** Transfers committed (settled SUCCESS) since the marker, and any that did not settle. */
  async function committedSince(marker: number) {
    const [row] = await sql<{ ok: string; other: string }>(
      `select count(*) filter (where status = 'SUCCESS') as ok, count(*) filter (where status <> 'SUCCESS') as other
       from ledger_transactions where type = 'TRANSFER' and id > $1`,
      [marker],
    );
    return { ok: Number(row?.ok ?? 0), other: Number(row?.other ?? 0) };
  }

  async function checkpoint() {
    await sql('checkpoint');
  }

  function warn(result: LoadResult, what: string) {
    if (result.non2xx > 0 || result.errors > 0) {
      log(`  ${what}: ${result.non2xx} non-2xx, ${result.errors} errors ${JSON.stringify(result.statusCodes)}`);
    }
  }

  async function close() {
    for (const srv of servers) await srv.stop();
    rmSync(work, { recursive: true, force: true });
  }

  return {
    s,
    started,
    log,
    /** The run's scratch directory (removed by `close`). */
    work,
    membersFile,
    templatesFile,
    servers,
    skip,
    load,
    baseline,
    sql,
    transferMarker,
    committedSince,
    checkpoint,
    warn,
    close,
  };
}
export type RunContext = ReturnType<typeof createRunContext>;
