// The console's calls as an attacker finds them: every /api/ops operation of the server's OpenAPI
// document, with the permission the document names for it (x-permission; null when being signed in
// is enough) — a route added tomorrow is attacked by being there. And what "nothing changed" means:
// every table of the database, row for row, as before (sessions' last use aside).
import { OPS_CSRF_HEADER, OPS_SESSION_COOKIE } from '@krapao/contracts/ops/paths';
import { type Permission, ROLE_PERMISSIONS, type StaffRole } from '@krapao/contracts/ops/roles';
import type { TestContext } from '../harness.ts';
import { pool } from '../harness.ts';
import type { Res } from '../http.ts';
import { type Staff, staffHeaders } from '../staff.ts';
import { type Schema, seeded, validValue } from './fuzz-gen.ts';

export type OpsEndpoint = {
  method: string;
  /** As the document spells it: /api/ops/staff/{staffId}/role. */
  path: string;
  /** The permission the route needs, null when signed in is enough; undefined: the document names none. */
  permission: Permission | null | undefined;
  isPublic: boolean;
  body: Schema | null;
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const isStateChanging = (e: OpsEndpoint) => !SAFE.has(e.method);

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked generically
export function opsEndpointsOf(doc: any): OpsEndpoint[] {
  const out: OpsEndpoint[] = [];
  for (const [path, ops] of Object.entries((doc?.paths ?? {}) as Record<string, Record<string, Schema>>)) {
    if (path !== '/api/ops' && !path.startsWith('/api/ops/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      if (method === 'head' || method === 'parameters') continue;
      out.push({
        method: method.toUpperCase(),
        path,
        permission: op['x-permission'],
        isPublic: op['x-ops-public'] === true,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

/**
 * The path with its parameters filled: ids 1 (on a fresh database the first member, staff member,
 * withdrawal… of each kind: a call that got through would reach a real row), anything else a word.
 */
export const urlOf = (e: OpsEndpoint) =>
  e.path.replace(/\{(\w+)\}/g, (_m, name: string) => (/id$/i.test(name) ? '1' : 'battery-probe'));

/** A body of the route's shape (the same one every time for one route). */
export function bodyOf(e: OpsEndpoint): unknown {
  if (!isStateChanging(e)) return undefined;
  if (!e.body) return {};
  return validValue(seeded(e.path.length * 31 + e.method.length), e.body);
}

export const label = (e: OpsEndpoint) => `${e.method} ${e.path}`;

/** The routes `role` must not reach: their permission is not in the role's row of the table. */
export const forbiddenFor = (role: StaffRole, endpoints: OpsEndpoint[]) =>
  endpoints.filter((e) => !e.isPublic && e.permission && !ROLE_PERMISSIONS[role].includes(e.permission));

/** Per table: its row count and an md5 of its rows (a session's last use left out). */
export async function fingerprint(ctx: TestContext): Promise<Map<string, string>> {
  const tables = await ctx.sql<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const out = new Map<string, string>();
  for (const { name } of tables) {
    const [row] = await ctx.sql<{ n: string; h: string }>(
      `select count(*)::text as n, md5(coalesce(string_agg(r, '|' order by r), '')) as h
       from (select (to_jsonb(t) - 'last_seen_at')::text as r from ${name} t) s`,
    );
    out.set(name, `${row?.n}:${row?.h}`);
  }
  return out;
}

/** Tables that changed between two fingerprints, `ignore` (the ones that change by themselves) aside. */
export function changedTables(a: Map<string, string>, b: Map<string, string>, ignore: Set<string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((n) => !ignore.has(n) && a.get(n) !== b.get(n)).sort();
}

/** The tables that change with nobody calling (jobs' leases and clocks): two looks 1.5 s apart. */
export async function restlessTables(ctx: TestContext): Promise<Set<string>> {
  const a = await fingerprint(ctx);
  await new Promise((r) => setTimeout(r, 1_500));
  return new Set(changedTables(a, await fingerprint(ctx), new Set()));
}

export type Refusals = { sent: number; refused: number; wrong: string[] };
export type Attempt = { what: string; method: string; url: string; headers: Record<string, string>; body: unknown };

/** Sends each call, counts the answers that are `status` with `message`, names the others. */
export async function expectRefused(
  ctx: TestContext,
  calls: Attempt[],
  status: number,
  message: string,
): Promise<Refusals> {
  const wrong: string[] = [];
  const answers = await pool(calls, 8, async (c) => {
    const res: Res = await ctx.api.call(c.method, c.url, {
      headers: c.headers,
      ...(c.body === undefined ? {} : { json: c.body }),
    });
    const isRefused = res.status === status && res.body?.message === message;
    if (!isRefused) wrong.push(`${c.what} → ${res.status} ${res.text.slice(0, 120)}`);
    return isRefused;
  });
  return { sent: calls.length, refused: answers.filter(Boolean).length, wrong };
}

/** A member's token on every signed-in console call: as a bearer token, and as the console's own cookie. */
export function memberCalls(endpoints: OpsEndpoint[], memberToken: string): Attempt[] {
  return endpoints
    .filter((e) => !e.isPublic)
    .flatMap((e): Attempt[] => [
      {
        what: `${label(e)} (bearer)`,
        method: e.method,
        url: urlOf(e),
        headers: { authorization: `Bearer ${memberToken}`, 'x-wallet-user': 'true' },
        body: bodyOf(e),
      },
      {
        what: `${label(e)} (as the console cookie)`,
        method: e.method,
        url: urlOf(e),
        headers: { cookie: `${OPS_SESSION_COOKIE}=${memberToken}`, [OPS_CSRF_HEADER]: memberToken },
        body: bodyOf(e),
      },
    ]);
}

/** `s` on every route its role must not reach, cookie and CSRF header right. */
export function forbiddenCalls(endpoints: OpsEndpoint[], s: Staff): Attempt[] {
  return forbiddenFor(s.role, endpoints).map((e) => ({
    what: `${label(e)} as ${s.role}`,
    method: e.method,
    url: urlOf(e),
    headers: staffHeaders(s),
    body: bodyOf(e),
  }));
}

/** `owner` (every permission) on every signed-in call that changes something, the CSRF header wrong. */
export function csrfCalls(endpoints: OpsEndpoint[], owner: Staff, other: Staff): Attempt[] {
  const variants: [string, string | false][] = [
    ['no CSRF header', false],
    ['a made-up CSRF token', 'battery-made-up-csrf-token-0000000000000'],
    ["another session's CSRF token", other.csrf],
    ['the session token as CSRF', owner.token],
    ['an empty CSRF header', ''],
  ];
  return endpoints
    .filter((e) => !e.isPublic && isStateChanging(e))
    .flatMap((e) =>
      variants.map(([how, csrf]) => ({
        what: `${label(e)} with ${how}`,
        method: e.method,
        url: urlOf(e),
        headers: staffHeaders(owner, csrf),
        body: bodyOf(e),
      })),
    );
}
