// Helpers of the member protection tests: the member's calls, a deposit credited as a bank
// transfer would be, and the member's protection events.
import { randomUUID } from 'node:crypto';
import { PROTECTION_EVENT_DETAILS, type ProtectionEventKind } from '@krapao/contracts/ops/protection-events';
import { and, asc, eq } from 'drizzle-orm';
import { protectionEvents } from '../../db/schema/protection.ts';
import { headers, type TestApp } from '../../test/test-app.ts';
import { createDepositCredit } from '../deposit/credit.ts';
import type { Member } from '../wallet/testing.ts';

export function pcall(t: TestApp, m: Member, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, payload: payload as never, headers: headers(m.token) });
}

/** Money that arrived without asking (a bank transfer): credited whatever the limits. */
export async function bankDeposit(t: TestApp, memberId: number, baht: number) {
  const amount = BigInt(Math.round(baht * 100));
  return createDepositCredit(t.ctx).credit({
    memberId,
    amount,
    currency: 'BAHT',
    source: 'BANK',
    reference: `KBANK:${randomUUID()}`,
    fromCode: 'KBANK',
  });
}

export async function events(t: TestApp, memberId: number, kind?: string) {
  const rows = await t.db
    .select()
    .from(protectionEvents)
    .where(and(eq(protectionEvents.memberId, memberId), kind ? eq(protectionEvents.kind, kind) : undefined))
    .orderBy(asc(protectionEvents.id));
  return rows;
}

/**
 * A member's events as [kind, detail], each detail checked against the contract's shape for its kind
 * with no key beyond it: the console reads these shapes back.
 */
export async function eventDetails(t: TestApp, memberId: number) {
  return (await events(t, memberId)).map((e) => {
    const shape = PROTECTION_EVENT_DETAILS[e.kind as ProtectionEventKind];
    if (!shape) throw new Error(`no contract shape for ${e.kind}`);
    return [e.kind, shape.strict().parse(e.detail)] as const;
  });
}

export const HOUR_MS = 3_600_000;
