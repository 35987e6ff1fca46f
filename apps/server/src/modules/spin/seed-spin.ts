// The seeded spin wheel: one active wheel of 8 slices in the site's dark-gold colours,
// and 3 coins for the demo member. Idempotent: a wheel an operator already has is left alone, and
// the demo coins are a grant on the demo member's seed deposit, so they are given once.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { spinSlices, spinWheels } from '../../db/schema/promotions.ts';
import { DEMO_MEMBER } from '../../db/seed-data.ts';
import { createSpinRepository } from './spin.repository.ts';

const INK = '#1b1b24';
const GOLD = '#e0b84a';
const GOLD_TEXT = '#edcf6d';
const DARK_TEXT = '#13131a';
const RUBY = '#8b1e2d';
const LIGHT_TEXT = '#fbf3d5';

type SeedSlice = {
  code: string;
  label: string;
  bgColor: string;
  textColor: string;
  /** Hundredths of a percent, like the console's odds: the slices add up to ODDS_TOTAL (100 %). */
  weight: number;
  baht: number;
};

/**
 * Around the wheel in this order; about 5.25 baht back per coin (one coin per 100 baht). The
 * browser suite's seeded draws (SANDBOX_RANDOM_SEED=krapao-e2e) land on B10, then TRY1.
 */
export const SEED_SLICES: SeedSlice[] = [
  { code: 'B5', label: '5฿', bgColor: GOLD, textColor: DARK_TEXT, weight: 2000, baht: 5 },
  { code: 'TRY1', label: 'ลองใหม่', bgColor: INK, textColor: GOLD_TEXT, weight: 3100, baht: 0 },
  { code: 'B10', label: '10฿', bgColor: GOLD, textColor: DARK_TEXT, weight: 1100, baht: 10 },
  { code: 'B50', label: '50฿', bgColor: RUBY, textColor: LIGHT_TEXT, weight: 150, baht: 50 },
  { code: 'B20', label: '20฿', bgColor: GOLD, textColor: DARK_TEXT, weight: 450, baht: 20 },
  { code: 'TRY2', label: 'ลองใหม่', bgColor: INK, textColor: GOLD_TEXT, weight: 3100, baht: 0 },
  { code: 'B100', label: '100฿', bgColor: GOLD, textColor: DARK_TEXT, weight: 50, baht: 100 },
  { code: 'B200', label: '200฿', bgColor: RUBY, textColor: LIGHT_TEXT, weight: 50, baht: 200 },
];

export const SEED_WHEEL = { name: 'วงล้อกระเป๋า / Krapao Wheel', coinPerBaht: 100, couponHours: 72 };
export const DEMO_COINS = 3;

function sliceRow(wheelId: number, s: SeedSlice, sortOrder: number) {
  const prize = s.baht > 0;
  return {
    wheelId,
    code: s.code,
    label: s.label,
    bgColor: s.bgColor,
    textColor: s.textColor,
    htmlDescription: prize
      ? `<p>รับเครดิตฟรี <strong>${s.baht} บาท</strong> / Free credit <strong>${s.baht} baht</strong></p>`
      : '<p>เสียใจด้วย ลองใหม่อีกครั้ง / Better luck next spin</p>',
    weight: s.weight,
    prizeType: prize ? 'CREDIT' : 'NONE',
    prizeName: prize ? `เครดิตฟรี ${s.baht} บาท / ${s.baht} baht credit` : '',
    prizeAmount: BigInt(s.baht * 100),
    sortOrder,
  };
}

export async function seedSpinWheel(db: Db, config: Config) {
  // The wheel's rate and prizes are in baht: the Laos (kip) build has no wheel.
  if (config.LAOS) return;
  const [existing] = await db.select({ id: spinWheels.id }).from(spinWheels).limit(1);
  if (!existing) {
    await db.transaction(async (tx) => {
      const [wheel] = await tx
        .insert(spinWheels)
        .values({
          name: SEED_WHEEL.name,
          isActive: true,
          coinPer: BigInt(SEED_WHEEL.coinPerBaht * 100),
          couponHours: SEED_WHEEL.couponHours,
        })
        .returning({ id: spinWheels.id });
      await tx
        .insert(spinSlices)
        .values(SEED_SLICES.map((s, i) => sliceRow(wheel!.id, s, i)))
        .onConflictDoNothing();
    });
  }
  await seedDemoCoins(db);
}

/** 3 coins for the demo member, granted on its seed deposit: once, however often the seed runs. */
async function seedDemoCoins(db: Db) {
  const [seedDeposit] = await db
    .select({ id: ledgerTransactions.id, memberId: ledgerTransactions.memberId })
    .from(ledgerTransactions)
    .innerJoin(members, eq(members.id, ledgerTransactions.memberId))
    .where(and(eq(members.username, DEMO_MEMBER.username), eq(ledgerTransactions.idempotencyKey, 'seed-demo-credit')))
    .limit(1);
  if (!seedDeposit?.memberId) return;
  const repo = createSpinRepository(db);
  await db.transaction((tx) =>
    repo.grantCoins(tx, { depositTransactionId: seedDeposit.id, memberId: seedDeposit.memberId!, coins: DEMO_COINS }),
  );
}
