// The sandbox bank: its statement of the house's receiving accounts lives in `sandbox_bank_feed`.
// A transfer gets the identity a real slip's mini-QR carries (sending bank id + transaction ref).
import { randomInt } from 'node:crypto';
import type { Currency } from '@krapao/contracts/constants';
import type { TDepositLookup } from '@krapao/contracts/lookup';
import { and, asc, eq, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sandboxBankFeed } from '../../db/schema/deposits.ts';
import { settings } from '../../db/schema/lookup.ts';
import type { PaymentDeps } from '../payments.ts';
import {
  type BankFeed,
  BankFeedUnavailable,
  type BankTransferInput,
  type FeedTransfer,
  UNKNOWN_BANK,
  UnknownBankError,
} from './bank-feed.port.ts';
import { sendingBankId } from './bank-ids.ts';
import { createBankFeedFaults } from './faults.ts';
import { receivingAccountOf, receivingAccounts } from './receiving-accounts.ts';

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

/** Like a Thai bank's reference: the Bangkok date, 8 digits, 3 letters (e.g. 2026112212345678ABC). */
export function newTransRef(at: Date): string {
  const day = new Date(at.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  const number = String(randomInt(0, 100_000_000)).padStart(8, '0');
  const letters = Array.from({ length: 3 }, () => LETTERS[randomInt(0, LETTERS.length)]).join('');
  return `${day}${number}${letters}`;
}

type Row = typeof sandboxBankFeed.$inferSelect;
const toTransfer = (r: Row): FeedTransfer => ({ ...r, currency: r.currency as Currency });

export function createSandboxBankFeed({ db, now }: PaymentDeps): BankFeed {
  const faults = createBankFeedFaults();

  /** The bank of a house account, from the deposit setting read as it is now (no module cache). */
  async function toBankCodeOf(toAccountNo: string): Promise<string> {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'deposit')).limit(1);
    const lookup = row?.value as TDepositLookup | undefined;
    return receivingAccountOf(receivingAccounts(lookup ?? { banks: [] }), toAccountNo)?.bankCode ?? UNKNOWN_BANK;
  }

  return {
    faults,
    async recordTransfer(input: BankTransferInput) {
      const sendingBank = sendingBankId(input.fromBankCode);
      if (!sendingBank) throw new UnknownBankError(input.fromBankCode);
      if (input.amount <= 0n) throw new RangeError('a transfer moves a positive amount');
      const at = now();
      const values = {
        sendingBank,
        fromBankCode: input.fromBankCode,
        fromAccountNo: input.fromAccountNo,
        toBankCode: await toBankCodeOf(input.toAccountNo),
        toAccountNo: input.toAccountNo,
        amount: input.amount,
        currency: input.currency,
        occurredAt: input.occurredAt ?? at,
        visibleAt: new Date(at.getTime() + faults.get().delayMs),
        createdAt: at,
      };
      // A reference is unique per sending bank; a clash of 10^8 × 24^3 draws a day is retried.
      for (let attempt = 0; attempt < 5; attempt++) {
        const [row] = await db
          .insert(sandboxBankFeed)
          .values({ ...values, transRef: newTransRef(values.occurredAt) })
          .onConflictDoNothing()
          .returning();
        if (row) return toTransfer(row);
      }
      throw new Error('could not draw a unique transaction reference');
    },

    async listUnprocessed(limit: number) {
      if (faults.get().listError5xx) throw new BankFeedUnavailable();
      const rows = await db
        .select()
        .from(sandboxBankFeed)
        .where(and(isNull(sandboxBankFeed.processedAt), lte(sandboxBankFeed.visibleAt, now())))
        .orderBy(asc(sandboxBankFeed.visibleAt), asc(sandboxBankFeed.id))
        .limit(limit);
      return rows.map(toTransfer);
    },

    async findTransfer(q) {
      if (faults.get().listError5xx) throw new BankFeedUnavailable();
      const [row] = await db
        .select()
        .from(sandboxBankFeed)
        .where(
          and(
            eq(sandboxBankFeed.sendingBank, q.sendingBank),
            eq(sandboxBankFeed.transRef, q.transRef),
            lte(sandboxBankFeed.visibleAt, now()),
          ),
        )
        .limit(1);
      return row ? toTransfer(row) : null;
    },

    async claim(tx: Tx, id: number) {
      const [row] = await tx
        .select()
        .from(sandboxBankFeed)
        .where(
          and(eq(sandboxBankFeed.id, id), isNull(sandboxBankFeed.processedAt), lte(sandboxBankFeed.visibleAt, now())),
        )
        .for('update', { skipLocked: true });
      return row ? toTransfer(row) : null;
    },

    async markProcessed(id: number, tx?: Tx) {
      const rows = await (tx ?? db)
        .update(sandboxBankFeed)
        .set({ processedAt: now() })
        .where(and(eq(sandboxBankFeed.id, id), isNull(sandboxBankFeed.processedAt)))
        .returning({ id: sandboxBankFeed.id });
      return rows.length > 0;
    },

    async processedFrom(q, limit) {
      const rows = await db
        .select()
        .from(sandboxBankFeed)
        .where(
          and(
            eq(sandboxBankFeed.fromBankCode, q.fromBankCode),
            eq(sandboxBankFeed.fromAccountNo, q.fromAccountNo),
            eq(sandboxBankFeed.amount, q.amount),
            eq(sandboxBankFeed.currency, q.currency),
            isNotNull(sandboxBankFeed.processedAt),
            gte(sandboxBankFeed.visibleAt, q.from),
            lte(sandboxBankFeed.visibleAt, q.to),
          ),
        )
        .orderBy(asc(sandboxBankFeed.visibleAt), asc(sandboxBankFeed.id))
        .limit(limit);
      return rows.map(toTransfer);
    },
  };
}
