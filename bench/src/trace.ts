// What one request costs the database, and the raw-SQL baseline made from it. The real app answers
// a request in process while every statement it sends is recorded at the driver (pg): text, row
// mode, prepared statement name, parameters, result, and whether it ran inside a transaction.
// Recording the same request for two members shows which parameters depend on the member (ids,
// token, key, the new transaction id, timestamps); the rest are constants. The result is a template
// the SQL baseline replays for any member: the same statements, prepared where the product prepares
// them, through the same driver, without HTTP or the framework.
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { sha256 } from '../../apps/server/src/lib/tokens.ts';
import type { BenchMember } from './seed.ts';
import { serverEnv } from './seed.ts';
import { type BenchSettings, TRANSFER_BAHT } from './settings.ts';

/** Per-member values a statement's parameters may carry. */
export type Identity = {
  memberId: number;
  tokenHash: string;
  walletId: number;
  gameId: number;
  transitId: number;
  playerId: number;
  username: string;
  key: string;
};
export type IdentityField = keyof Identity;

/** A parameter of a template statement. */
export type Param =
  | { c: unknown }
  | { v: IdentityField }
  | { date: 'object' | 'iso' }
  /** A value an earlier statement returned (first row, column), e.g. the new transaction id. */
  | { ref: [number, number | string]; prefix?: string }
  /** A text (a stored answer) that quotes such a value. */
  | { ref: [number, number | string]; template: string }
  /** A text that carries several of the above inside it (an array literal, a JSON document). */
  | { text: string; subs: Param[] };

export type TemplateStatement = {
  text: string;
  /** The prepared statement's name when the product prepares it: the replay prepares it too. */
  name?: string;
  rowMode?: 'array';
  inTx: boolean;
  params: Param[];
};
export type Template = { name: string; statements: TemplateStatement[]; transactions: number };

type Recorded = {
  text: string;
  name?: string;
  rowMode?: 'array';
  values: unknown[];
  inTx: boolean;
  firstRow: unknown;
};

type QueryFn = (...args: unknown[]) => unknown;

const ISO = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d(:?\d\d)?)$/;

export async function identityOf(client: pg.Client | pg.Pool, game: string, member: BenchMember, key: string) {
  const { rows } = await client.query(
    `select w.id as wallet, g.id as game, t.id as transit, p.id as player, ga.username
     from members m
     join ledger_accounts w on w.member_id = m.id and w.code = 'WALLET'
     join ledger_accounts g on g.member_id = m.id and g.code = $2
     join game_accounts ga on ga.member_id = m.id and ga.game_code = $2
     join demo_provider_players p on p.game_code = $2 and p.username = ga.username
     join ledger_accounts t on t.member_id is null and t.code = 'TRANSIT' and t.currency = m.currency and t.shard = m.id % 16
     where m.id = $1`,
    [member.id, game],
  );
  const r = rows[0];
  if (!r) throw new Error(`member ${member.id} has no bench accounts`);
  return {
    memberId: member.id,
    tokenHash: sha256(member.token),
    walletId: Number(r.wallet),
    gameId: Number(r.game),
    transitId: Number(r.transit),
    playerId: Number(r.player),
    username: r.username as string,
    key,
  } satisfies Identity;
}

type Request = { name: string; run: (token: string, key: string) => Promise<{ statusCode: number; body: string }> };

/**
 * Records the product's statements for each request, twice (two members), and makes templates.
 * Answers the templates and, per request, the statement texts for the report.
 */
export async function traceTemplates(s: BenchSettings, a: BenchMember, b: BenchMember): Promise<Template[]> {
  const recorded: Recorded[] = [];
  let recording = false;
  const inTx = new WeakSet<object>();
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: object, ...args: unknown[]) {
    const config = args[0] as string | { text: string; name?: string; rowMode?: 'array'; values?: unknown[] };
    const text = typeof config === 'string' ? config : config.text;
    if (recording && typeof text === 'string') {
      const values = (Array.isArray(args[1]) ? args[1] : typeof config === 'object' ? config.values : []) ?? [];
      if (/^begin\b/i.test(text)) inTx.add(this);
      const entry: Recorded = {
        text,
        name: typeof config === 'object' ? config.name : undefined,
        rowMode: typeof config === 'object' ? config.rowMode : undefined,
        // pg sends a bigint as its decimal text: keep it so (the template is JSON).
        values: values.map((v) => (typeof v === 'bigint' ? v.toString() : v)),
        inTx: inTx.has(this),
        firstRow: undefined,
      };
      if (/^(commit|rollback)\b/i.test(text)) inTx.delete(this);
      recorded.push(entry);
      const cbIndex = args.findIndex((x) => typeof x === 'function');
      if (cbIndex >= 0) {
        const cb = args[cbIndex] as (err: unknown, res: { rows?: unknown[] }) => void;
        args[cbIndex] = (err: unknown, res: { rows?: unknown[] }) => {
          entry.firstRow = res?.rows?.[0];
          cb(err, res);
        };
        return original.apply(this, args);
      }
      const out = original.apply(this, args) as Promise<{ rows?: unknown[] }>;
      return out.then((res) => {
        entry.firstRow = res?.rows?.[0];
        return res;
      });
    }
    return original.apply(this, args);
  } as QueryFn;

  const config = loadConfig({ ...serverEnv(s), RECONCILE_INTERVAL_MS: '0' });
  const database = await openDatabase({ databaseUrl: s.databaseUrl, poolSize: 2 });
  const admin = new pg.Client({ connectionString: s.databaseUrl });
  await admin.connect();
  const { app } = await buildApp({ config, db: database.db, logStream: { write() {} } });
  await app.ready();

  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
  const inject = async (opts: InjectOptions) => {
    const res = await app.inject(opts);
    return { statusCode: res.statusCode, body: res.body };
  };
  const transfer = (from: string, to: string) => (token: string, key: string) =>
    inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { ...auth(token), 'idempotency-key': key },
      payload: { from, to, amount: TRANSFER_BAHT },
    });
  const requests: Request[] = [
    { name: 'GET /api/wallet', run: (token) => inject({ method: 'GET', url: '/api/wallet', headers: auth(token) }) },
    { name: 'transfer wallet → game', run: transfer('WALLET', s.game) },
    { name: 'transfer game → wallet', run: transfer(s.game, 'WALLET') },
  ];

  const stamp = Date.now().toString(36);
  const templates: Template[] = [];
  try {
    // Warm the per-process caches (house account ids, the site switch) as a running server has them.
    // The second member moves once more, so the two differ in movement count and balances: a value
    // that depends on the member must not look like a constant.
    for (const [m, times] of [
      [a, 1],
      [b, 2],
    ] as const) {
      await requests[0]!.run(m.token, '');
      for (let n = 0; n < times; n++) await requests[1]!.run(m.token, `trace-warm-${stamp}-${m.id}-${n}`);
    }
    for (const [i, req] of requests.entries()) {
      const runs: { ident: Identity; stmts: Recorded[] }[] = [];
      for (const m of [a, b]) {
        const key = `trace-${stamp}-${i}-${m.id}`;
        const ident = await identityOf(admin, s.game, m, key);
        recorded.length = 0;
        recording = true;
        const res = await req.run(m.token, key);
        recording = false;
        if (res.statusCode !== 200) throw new Error(`${req.name} answered ${res.statusCode}: ${res.body}`);
        runs.push({ ident, stmts: [...recorded] });
      }
      templates.push(makeTemplate(req.name, runs));
    }
  } finally {
    proto.query = original;
    await app.close();
    await database.close();
    await admin.end();
  }
  return templates;
}

function columns(row: unknown): [number | string, unknown][] {
  if (!row || typeof row !== 'object') return [];
  return Array.isArray(row) ? row.map((v, i) => [i, v] as [number, unknown]) : Object.entries(row);
}

/** A parameter that varies between the two members: which of the member's values it is. */
function variable(
  x: Recorded[],
  y: Recorded[],
  i: number,
  vx: unknown,
  vy: unknown,
  ix: Identity,
  iy: Identity,
): Param | null {
  const field = (Object.keys(ix) as IdentityField[]).find((f) => ix[f] === vx && iy[f] === vy);
  if (field) return { v: field };
  for (let k = i - 1; k >= 0; k--) {
    for (const [col, rx] of columns(x[k]!.firstRow)) {
      const ry = columns(y[k]!.firstRow).find(([c]) => c === col)?.[1];
      if (rx === null || rx === undefined || ry === undefined || ry === null || String(rx) === String(ry)) continue;
      const [sx, sy] = [String(rx), String(ry)];
      if (String(vx) === sx && String(vy) === sy && typeof vx === typeof vy) return { ref: [k, col] };
      if (typeof vx === 'string' && typeof vy === 'string') {
        const prefix = vx.slice(0, vx.length - sx.length);
        if (vx.endsWith(sx) && vy === prefix + sy && /^[A-Z]+$/.test(prefix)) return { ref: [k, col], prefix };
        if (vx.includes(`"${sx}"`) && vy.includes(`"${sy}"`)) {
          const template = vx.split(`"${sx}"`).join('"\u0000REF\u0000"');
          if (vy.split(`"${sy}"`).join('"\u0000REF\u0000"') === template) return { ref: [k, col], template };
        }
      }
    }
  }
  return composite(x, y, i, vx, vy, ix, iy);
}

/** Marks where the n-th sub-parameter goes in a composite text. */
export const SUB = (n: number) => `\uE000${n}\uE000`;
export const SUB_PATTERN = /\uE000(\d+)\uE000/g;

/**
 * A text parameter (an array literal of account ids, a JSON document with the username) in which
 * the member's values and earlier results appear as whole words: each is replaced by a sub-parameter,
 * and the template must render the second member's text exactly.
 */
function composite(
  x: Recorded[],
  y: Recorded[],
  i: number,
  vx: unknown,
  vy: unknown,
  ix: Identity,
  iy: Identity,
): Param | null {
  if (typeof vx !== 'string' || typeof vy !== 'string') return null;
  const candidates: { param: Param; sx: string; sy: string }[] = (Object.keys(ix) as IdentityField[]).map((f) => ({
    param: { v: f },
    sx: String(ix[f]),
    sy: String(iy[f]),
  }));
  for (let k = i - 1; k >= 0; k--) {
    for (const [col, rx] of columns(x[k]!.firstRow)) {
      const ry = columns(y[k]!.firstRow).find(([c]) => c === col)?.[1];
      if (rx !== null && rx !== undefined && ry !== null && ry !== undefined) {
        candidates.push({ param: { ref: [k, col] }, sx: String(rx), sy: String(ry) });
      }
    }
  }
  let text = vx;
  const subs: Param[] = [];
  const ys: string[] = [];
  for (const c of candidates.filter((c) => c.sx !== c.sy && c.sx !== '').sort((a, b) => b.sx.length - a.sx.length)) {
    const word = new RegExp(`(?<![0-9A-Za-z])${c.sx.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`, 'g');
    if (!word.test(text)) continue;
    text = text.replace(word, SUB(subs.length));
    subs.push(c.param);
    ys.push(c.sy);
  }
  if (subs.length === 0) return null;
  return text.replace(SUB_PATTERN, (_, n) => ys[Number(n)]!) === vy ? { text, subs } : null;
}

const ENTRY_INSERT = /^insert into "ledger_entries"/;
const BALANCE_UPDATE = /^update "ledger_accounts" set "balance"/;

/**
 * An entry's balance_after is what the update of its account returned in the same transaction. Two
 * members can show the same number there (a house shard at rest holds exactly the amount in flight),
 * so the link is made explicit: each entry's balance points at the last update of its account.
 */
function linkBalances(name: string, statements: TemplateStatement[], recorded: Recorded[]) {
  statements.forEach((st, i) => {
    if (!ENTRY_INSERT.test(st.text)) return;
    if (st.params.length % 4 !== 0) throw new Error(`${name}: entry insert with ${st.params.length} parameters`);
    for (let g = 0; g < st.params.length / 4; g++) {
      const account = JSON.stringify(st.params[4 * g + 1]);
      let k = i - 1;
      while (
        k >= 0 &&
        !(BALANCE_UPDATE.test(statements[k]!.text) && JSON.stringify(statements[k]!.params[1]) === account)
      )
        k--;
      const returned = (recorded[k]?.firstRow as unknown[] | undefined)?.[0];
      if (k < 0 || String(returned) !== String(recorded[i]!.values[4 * g + 3])) {
        throw new Error(`${name}: statement ${i + 1}: no balance update found for entry ${g + 1}`);
      }
      st.params[4 * g + 3] = { ref: [k, 0] };
    }
  });
}

function makeTemplate(name: string, runs: { ident: Identity; stmts: Recorded[] }[]): Template {
  const [x, y] = runs as [(typeof runs)[0], (typeof runs)[0]];
  if (x.stmts.length !== y.stmts.length) {
    throw new Error(`${name}: ${x.stmts.length} statements for one member, ${y.stmts.length} for another`);
  }
  const statements = x.stmts.map((sx, i): TemplateStatement => {
    const sy = y.stmts[i]!;
    if (sx.text !== sy.text) throw new Error(`${name}: statement ${i + 1} differs between members`);
    const params = sx.values.map((vx, j): Param => {
      const vy = sy.values[j];
      if (vx instanceof Date) return { date: 'object' };
      if (typeof vx === 'string' && ISO.test(vx) && typeof vy === 'string' && ISO.test(vy)) return { date: 'iso' };
      if (JSON.stringify(vx) === JSON.stringify(vy)) return { c: vx };
      const p = variable(x.stmts, y.stmts, i, vx, vy, x.ident, y.ident);
      if (!p)
        throw new Error(`${name}: statement ${i + 1} parameter ${j + 1} varies in a way the replay cannot follow`);
      return p;
    });
    return { text: sx.text, name: sx.name, rowMode: sx.rowMode, inTx: sx.inTx, params };
  });
  linkBalances(name, statements, x.stmts);
  return { name, statements, transactions: statements.filter((st) => /^begin\b/i.test(st.text)).length };
}
