// Idempotent seed of invites: the settings and banners (an operator's change survives a restart),
// and for the demo member a referred demo invitee with one deposit (so the invite amount and list
// are not empty). The cashback seed is modules/refund/seed-refunds.ts; src/seed.ts runs both.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ledgerTransactions } from '../../db/schema/ledger.ts';
import { DEMO_MEMBER } from '../../db/seed-data.ts';
import { createMemberRepository } from '../account/index.ts';
import { bookDeposit } from '../deposit/index.ts';
import { createSettingsRepository } from '../lookup/index.ts';
import { DEFAULT_INVITE_RULES } from './invite-rules.ts';
import { earnReferralShare } from './referral-share.ts';

export const DEMO_INVITEE = {
  username: '0800000002',
  name: 'สมหญิง รักเพื่อน',
  bankAccountName: 'SOMYING RAKPUEAN',
  bankAccountNo: '2345678901',
  depositKey: 'seed-demo-invitee-deposit',
};

export const SEED_INVITE_BANNERS = [
  {
    image: '/banners/invite-1.svg',
    html: '<h3>ชวนเพื่อน รับค่าแนะนำ</h3><p>ส่งลิงก์แนะนำให้เพื่อน เมื่อเพื่อนฝากเงิน คุณรับส่วนแบ่งจากทุกยอดฝาก</p>',
  },
  {
    image: '/banners/invite-2.svg',
    html: '<p>กด <strong>รับ</strong> เพื่อโอนค่าแนะนำเข้ากระเป๋า ยอดที่รับต้องทำเทิร์นตามเงื่อนไขก่อนถอน</p>',
  },
];

export async function seedInviteSettings(db: Db) {
  const settings = createSettingsRepository(db);
  await settings.setDefault('inviteRules', DEFAULT_INVITE_RULES);
  await settings.setDefault('inviteBanners', SEED_INVITE_BANNERS);
}

/** A member the demo member invited, with one deposit that earned the demo member a share. */
export async function seedDemoInvitee(db: Db, config: Config) {
  const members = createMemberRepository(db);
  const referrer = await members.byUsername(DEMO_MEMBER.username);
  if (!referrer || (await members.byUsername(DEMO_INVITEE.username))) return;
  const currency = config.LAOS ? 'LAK' : 'BAHT';
  const memberId = await members.insert({
    username: DEMO_INVITEE.username,
    name: DEMO_INVITEE.name,
    // The demo password, hashed once already.
    passwordHash: referrer.passwordHash,
    currency,
    sourceCode: null,
    referrerId: referrer.id,
    bankCode: config.LAOS ? 'BCEL' : 'SCB',
    bankAccountName: DEMO_INVITEE.bankAccountName,
    bankAccountNo: DEMO_INVITEE.bankAccountNo,
  });
  const amount = config.LAOS ? 500_000n : 50_000n;
  await bookDeposit(db, { memberId, amount, currency, idempotencyKey: DEMO_INVITEE.depositKey, description: 'Demo' });
  const [deposit] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.memberId, memberId), eq(ledgerTransactions.idempotencyKey, DEMO_INVITEE.depositKey)),
    )
    .limit(1);
  if (deposit)
    await earnReferralShare({ db, now: () => new Date() }, { memberId, amount, currency, transactionId: deposit.id });
}
