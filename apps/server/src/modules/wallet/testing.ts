// Helpers the wallet tests share: a signed-in member with money, and the provider's books.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { demoProviderPlayers } from '../../db/schema/demo-provider.ts';
import { headers, type TestApp } from '../../test/test-app.ts';
import { createMemberRepository } from '../account/member.repository.ts';
import { memberWithMoney } from '../ledger/ledger-testing.ts';

export type Member = { memberId: number; token: string };

/** A member whose wallet holds `baht`, signed in. */
export async function signedInMember(t: TestApp, baht: number): Promise<Member> {
  return signIn(t, await memberWithMoney(t.db, BigInt(Math.round(baht * 100))));
}

/** The member signs in (again: each call is a new session with its own token). */
export async function signIn(t: TestApp, memberId: number): Promise<Member> {
  const member = await createMemberRepository(t.db).byId(memberId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: member!.username, password: 'secret123' },
    remoteAddress: `10.1.${memberId % 250}.${(memberId * 7) % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return { memberId, token: res.json().token };
}

export function call(
  t: TestApp,
  m: Member,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  key?: string,
) {
  return t.app.inject({
    method,
    url,
    payload: payload as never,
    headers: { ...headers(m.token), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export async function balances(t: TestApp, m: Member) {
  const res = await call(t, m, 'GET', '/api/wallet');
  const body = res.json();
  const slots = Object.fromEntries(body.slots.map((s: { code: string; amount: number }) => [s.code, s.amount]));
  return { wallet: body.wallet.amount as number, slots: slots as Record<string, number> };
}

/** Plays at the provider: its books change without us knowing, as when a member wins or loses. */
export async function providerPlays(t: TestApp, username: string, deltaMinor: bigint) {
  await t.db
    .update(demoProviderPlayers)
    .set({ balance: sql`${demoProviderPlayers.balance} + ${deltaMinor.toString()}::bigint` })
    .where(eq(demoProviderPlayers.username, username));
}

/** POST /api/wallet/transfer with a fresh Idempotency-Key. */
export function transfer(t: TestApp, m: Member, from: string, to: string, amount: number) {
  return call(t, m, 'POST', '/api/wallet/transfer', { from, to, amount }, randomUUID());
}

/** The member renames themselves (PUT /api/account/profile, name only). */
export function rename(t: TestApp, m: Member, name: string) {
  return call(t, m, 'PUT', '/api/account/profile', { name });
}
