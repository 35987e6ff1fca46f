// The baselines without HTTP, each a process of its own at the same concurrency as the HTTP runs:
//  - replay: the product's own statements for a request (recorded by trace.ts), through pg;
//  - function: one call of a PL/pgSQL two-account posting (guarded debit, credit, two entries);
//  - hot-row: one UPDATE of a single row, the rate one shared row allows;
//  - hash: argon2id hashes with the product's parameters.
// Prints one JSON line: { ops, duration, rps, p50, p99, errors }.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/lib/password.ts';
import { sha256 } from '../../apps/server/src/lib/tokens.ts';
import type { BenchMember } from './seed.ts';
import { type Identity, type Param, SUB_PATTERN, type Template } from './trace.ts';

export type BaselineSpec = {
  mode: 'replay' | 'function' | 'hot-row' | 'hash';
  databaseUrl: string;
  connections: number;
  poolSize: number;
  duration: number;
  runId: string;
  game: string;
  membersFile: string;
  templatesFile?: string;
  /** Replay: the templates to run, one picked at random per operation. */
  templates?: string[];
};

export type BaselineResult = {
  ops: number;
  duration: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  error?: string;
};

/** The type parsers drizzle's node-postgres driver uses (timestamps stay strings). */
const KEEP_AS_TEXT = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const drizzleTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    KEEP_AS_TEXT.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
};

async function loadIdentities(
  pool: pg.Pool,
  game: string,
  members: BenchMember[],
): Promise<Map<number, Omit<Identity, 'key'>>> {
  const { rows } = await pool.query(
    `select m.id, w.id as wallet, g.id as game, t.id as transit, p.id as player, ga.username
     from members m
     join ledger_accounts w on w.member_id = m.id and w.code = 'WALLET'
     join ledger_accounts g on g.member_id = m.id and g.code = $1
     join game_accounts ga on ga.member_id = m.id and ga.game_code = $1
     join demo_provider_players p on p.game_code = $1 and p.username = ga.username
     join ledger_accounts t on t.member_id is null and t.code = 'TRANSIT' and t.currency = m.currency and t.shard = m.id % 16`,
    [game],
  );
  const tokens = new Map(members.map((m) => [m.id, sha256(m.token)]));
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        memberId: Number(r.id),
        tokenHash: tokens.get(Number(r.id)) ?? '',
        walletId: Number(r.wallet),
        gameId: Number(r.game),
        transitId: Number(r.transit),
        playerId: Number(r.player),
        username: r.username,
      },
    ]),
  );
}

function paramValue(p: Param, ident: Identity, rows: unknown[]): unknown {
  if ('c' in p) return p.c;
  if ('text' in p) return p.text.replace(SUB_PATTERN, (_, n) => String(paramValue(p.subs[Number(n)]!, ident, rows)));
  if ('v' in p) return ident[p.v];
  if ('date' in p) return p.date === 'iso' ? new Date().toISOString() : new Date();
  const [k, col] = p.ref;
  const value = (rows[k] as Record<string | number, unknown> | undefined)?.[col];
  if ('template' in p) return p.template.split('\u0000REF\u0000').join(String(value));
  return p.prefix ? `${p.prefix}${value}` : value;
}

async function replay(pool: pg.Pool, template: Template, ident: Identity) {
  const rows: unknown[] = [];
  let client: pg.PoolClient | null = null;
  try {
    for (const st of template.statements) {
      const values = st.params.map((p) => paramValue(p, ident, rows));
      const config = { text: st.text, name: st.name, rowMode: st.rowMode, types: drizzleTypes } as pg.QueryConfig;
      if (/^begin\b/i.test(st.text)) client = await pool.connect();
      const res: pg.QueryResult =
        st.inTx && client ? await client.query(config, values) : await pool.query(config, values);
      rows.push(res.rows[0]);
      if (/^(commit|rollback)\b/i.test(st.text) && client) {
        client.release();
        client = null;
      }
    }
  } catch (err) {
    if (client) {
      await client.query('rollback').catch(() => {});
      client.release();
    }
    throw err;
  }
}

async function setupFunction(pool: pg.Pool) {
  await pool.query(`create table if not exists bench_hot (id int primary key, n bigint not null)`);
  await pool.query(`insert into bench_hot values (1, 0) on conflict do nothing`);
  await pool.query(`
    create or replace function bench_posting(p_tx bigint, p_from bigint, p_to bigint, p_amount bigint) returns bigint
    language plpgsql as $$
    declare b_from bigint; b_to bigint;
    begin
      -- Accounts in id order, as the ledger does: two postings never deadlock.
      if p_to < p_from then
        update ledger_accounts set balance = balance + p_amount where id = p_to returning balance into b_to;
      end if;
      update ledger_accounts set balance = balance - p_amount
        where id = p_from and (kind <> 'MEMBER' or balance - p_amount >= 0) returning balance into b_from;
      if not found then raise exception 'MONEY_NOT_ENOUGH'; end if;
      if p_to > p_from then
        update ledger_accounts set balance = balance + p_amount where id = p_to returning balance into b_to;
      end if;
      insert into ledger_entries (transaction_id, account_id, amount, balance_after)
        values (p_tx, p_from, -p_amount, b_from), (p_tx, p_to, p_amount, b_to);
      return b_from;
    end $$`);
  // The postings hang off one transaction row of their own; each is balanced, so the ledger stays valid.
  const { rows } = await pool.query(
    `insert into ledger_transactions (member_id, type, status, amount, currency, metadata)
     values (null, 'BENCH', 'SUCCESS', 0, 'BAHT', '{"note":"bench: one-call posting baseline"}') returning id`,
  );
  return Number(rows[0].id);
}

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '{}') as BaselineSpec;
  const members: BenchMember[] = JSON.parse(readFileSync(spec.membersFile, 'utf8'));
  const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.poolSize });
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  let op: () => Promise<unknown>;
  let seq = 0;

  if (spec.mode === 'replay') {
    const all: Template[] = JSON.parse(readFileSync(spec.templatesFile!, 'utf8'));
    const chosen = all.filter((t) => spec.templates?.includes(t.name));
    if (chosen.length === 0) throw new Error(`no templates named ${spec.templates}`);
    const identities = await loadIdentities(pool, spec.game, members);
    const ids = [...identities.keys()];
    op = () => {
      const base = identities.get(pick(ids))!;
      seq += 1;
      return replay(pool, pick(chosen), { ...base, key: `raw-${spec.runId}-${seq}` });
    };
  } else if (spec.mode === 'function') {
    const txId = await setupFunction(pool);
    const identities = await loadIdentities(pool, spec.game, members);
    const pairs = [...identities.values()].map((i) => [i.walletId, i.gameId] as const);
    op = () => {
      const [w, g] = pick(pairs);
      const [from, to] = Math.random() < 0.5 ? [w, g] : [g, w];
      return pool.query('select bench_posting($1, $2, $3, $4)', [txId, from, to, 100]);
    };
  } else if (spec.mode === 'hot-row') {
    await setupFunction(pool);
    op = () => pool.query('update bench_hot set n = n + 1 where id = 1');
  } else {
    op = () => hashPassword(`bench-password-${seq++}`);
  }

  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const end = start + spec.duration * 1000;
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t0);
        } catch (err) {
          errors += 1;
          firstError ??= err instanceof Error ? err.message : String(err);
        }
      }
    }),
  );
  const duration = (performance.now() - start) / 1000;
  await pool.end();
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : 0;
  const result: BaselineResult = {
    ops: latencies.length,
    duration,
    rps: latencies.length / duration,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    ...(firstError ? { error: firstError } : {}),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
