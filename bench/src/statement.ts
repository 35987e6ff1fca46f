// The statement bench data: one member with 100 000 movements in a ledger_transactions table of
// 1 000 000 rows, generated with set-based SQL in the shape the product writes (statement type,
// per-member movement number, codes, amounts, metadata of transfers and linked bonuses), and the
// plans of the product's own statement queries for the first and the deepest page.
import pg from 'pg';
import type { AppContext } from '../../apps/server/src/context.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { newToken, sha256 } from '../../apps/server/src/lib/tokens.ts';
import { createStatementService } from '../../apps/server/src/modules/statement/statement.service.ts';
import type { BenchSettings } from './settings.ts';

export type StatementData = { memberId: number; token: string; rows: number; memberRows: number; seconds: number };

/** Five kinds of statement row, cycled: deposit, transfer in, transfer out, withdraw, linked bonus. */
const KINDS = `(values
  (0, 'DEPOSIT', 'deposit', 'BANK', 'WALLET', '{}'),
  (1, 'TRANSFER', 'transfer', 'WALLET', $GAME, '{"direction":"TO_GAME","gameCode":$GAME_JSON,"username":"kpbench"}'),
  (2, 'TRANSFER', 'transfer', $GAME, 'WALLET', '{"direction":"FROM_GAME","gameCode":$GAME_JSON,"username":"kpbench"}'),
  (3, 'WITHDRAW', 'withdraw', 'WALLET', 'BANK', '{}'),
  (4, 'BONUS', 'bonus', 'BONUS', 'WALLET', '{"link":{"kind":"bonus","description":"Welcome bonus 10%"}}')
) k(n, type, st, from_code, to_code, meta)`;

function kinds(game: string) {
  const q = (v: string) => `'${v.replace(/'/g, "''")}'`;
  return KINDS.replaceAll('$GAME_JSON', JSON.stringify(game).replace(/'/g, "''")).replaceAll('$GAME', q(game));
}

export async function generateStatementData(s: BenchSettings, passwordHash: string): Promise<StatementData> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: s.databaseUrl });
  await client.connect();
  try {
    const n = s.statementMemberRows;
    await client.query('begin');
    const { rows: created } = await client.query(
      `insert into members (username, name, password_hash, currency, movement_count)
       values ('0899999999', 'Statement member', $1, 'BAHT', $2) returning id`,
      [passwordHash, n],
    );
    const memberId = Number(created[0].id);
    await client.query(
      `insert into bank_accounts (member_id, bank_code, account_name, account_no) values ($1, 'KBANK', 'STATEMENT MEMBER', '8999999999')`,
      [memberId],
    );
    await client.query(
      `insert into ledger_accounts (member_id, kind, code, currency) values ($1, 'MEMBER', 'WALLET', 'BAHT')`,
      [memberId],
    );
    const token = newToken();
    await client.query(
      `insert into sessions (member_id, token_hash, expires_at, ip) values ($1, $2, now() + interval '7 days', '127.0.0.1')`,
      [memberId, sha256(token)],
    );
    const columns = `(member_id, type, status, statement_type, member_seq, from_code, to_code, amount, currency, metadata, created_at, updated_at)`;
    await client.query(
      `insert into ledger_transactions ${columns}
       select $1, k.type, 'SUCCESS', k.st, g, k.from_code, k.to_code, (10000 + (g::bigint * 7919) % 5000000), 'BAHT', k.meta::jsonb,
              now() - ($2 - g) * interval '3 minutes', now() - ($2 - g) * interval '3 minutes'
       from generate_series(1, $2::int) g join ${kinds(s.game)} on k.n = g % 5
       order by g`,
      [memberId, n],
    );
    // The rest of the table: the other members' movements, numbered on from their current count.
    const { rows: counts } = await client.query(
      `select (select count(*) from ledger_transactions)::bigint as total, (select count(*) from members where id <> $1)::int as members`,
      [memberId],
    );
    const others = Number(counts[0].members);
    const filler = Math.max(0, s.statementRows - Number(counts[0].total));
    const per = Math.floor(filler / Math.max(1, others));
    const extra = filler - per * others;
    await client.query(
      `create temporary table filler_plan on commit drop as
       select id, movement_count as base, $2::int + case when row_number() over (order by id) <= $3 then 1 else 0 end as add
       from members where id <> $1`,
      [memberId, per, extra],
    );
    await client.query(
      `insert into ledger_transactions ${columns}
       select p.id, k.type, 'SUCCESS', k.st, p.base + g, k.from_code, k.to_code, (10000 + ((p.id + g)::bigint * 7919) % 5000000),
              'BAHT', k.meta::jsonb, now() - interval '60 days' + g * interval '7 minutes', now() - interval '60 days' + g * interval '7 minutes'
       from filler_plan p cross join lateral generate_series(1, p.add) g join ${kinds(s.game)} on k.n = (p.id + g) % 5
       order by g, p.id`,
    );
    await client.query(`update members m set movement_count = p.base + p.add from filler_plan p where m.id = p.id`);
    await client.query('commit');
    await client.query('vacuum analyze ledger_transactions');
    await client.query('vacuum analyze members');
    // The bulk load's dirty pages are written now, not by a checkpoint in the middle of the timing.
    await client.query('checkpoint');
    const { rows: total } = await client.query('select count(*)::bigint as n from ledger_transactions');
    return { memberId, token, rows: Number(total[0].n), memberRows: n, seconds: (Date.now() - started) / 1000 };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

export type Plan = {
  page: number;
  statements: { text: string; params: unknown[]; plan: string; ms: number }[];
  /** The page's statements run one after another through pg, c = 1: latency of the SQL alone (ms). */
  sql: { runs: number; p50: number; p99: number };
};

/** Runs the product's statement service for each page, recording its SQL, then EXPLAIN ANALYZE of each statement. */
export async function statementPlans(s: BenchSettings, memberId: number, pages: number[]): Promise<Plan[]> {
  // The prepared name comes with the text: the replay prepares what the product prepares.
  const recorded: { text: string; name?: string; values: unknown[] }[] = [];
  type QueryFn = (...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  let recording = false;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text: string; name?: string };
    if (recording) {
      recorded.push({
        text: typeof config === 'string' ? config : config.text,
        ...(typeof config !== 'string' && config.name ? { name: config.name } : {}),
        values: Array.isArray(args[1]) ? [...args[1]] : [],
      });
    }
    return original.apply(this, args);
  } as QueryFn;
  const database = await openDatabase({ databaseUrl: s.databaseUrl, poolSize: 2 });
  const service = createStatementService({ db: database.db } as AppContext);
  const client = new pg.Client({ connectionString: s.databaseUrl });
  await client.connect();
  const plans: Plan[] = [];
  try {
    for (const page of pages) {
      recorded.length = 0;
      recording = true;
      const answer = await service.page(memberId, page, s.statementPageSize);
      recording = false;
      if (answer.statements.length === 0) throw new Error(`statement page ${page} came back empty`);
      const statements = [];
      for (const r of recorded) {
        const { rows } = await client.query(`explain (analyze, buffers) ${r.text}`, r.values);
        const plan = rows.map((x) => x['QUERY PLAN'] as string).join('\n');
        const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
        statements.push({ text: r.text, params: r.values, plan, ms });
      }
      // Warm-up as the route's own run has (s.warmup seconds, not counted): the prepare and the first
      // reads of a freshly loaded table are not the statement's steady cost.
      const warmUntil = performance.now() + s.warmup * 1000;
      while (performance.now() < warmUntil) {
        for (const r of recorded) await client.query({ text: r.text, name: r.name, values: r.values });
      }
      const times: number[] = [];
      for (let i = 0; i < 2000; i++) {
        const t0 = performance.now();
        for (const r of recorded) await client.query({ text: r.text, name: r.name, values: r.values });
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
      plans.push({ page, statements, sql: { runs: times.length, p50: at(0.5), p99: at(0.99) } });
    }
  } finally {
    proto.query = original;
    await client.end();
    await database.close();
  }
  return plans;
}
