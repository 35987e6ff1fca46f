// Wire shapes of bonuses, promotions and conditions (contracts/bonus.ts): minor units become numbers here.
import {
  type BonusType,
  type ConditionKind,
  isBonusReceived,
  type TBonus,
  type TConditionProgress,
  type TPromotion,
  type TUserBonusRecord,
} from '@krapao/contracts/bonus';
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor } from '@krapao/contracts/money';
import type { Bonus, Promotion } from './bonus.repository.ts';
import { type CreditCondition, cancelTakesBack } from './credit-condition.ts';

export function toUserBonusRecord(c: CreditCondition): TUserBonusRecord {
  const cur = c.currency as Currency;
  return {
    _id: String(c.id),
    code: c.sourceCode,
    kind: c.kind as ConditionKind,
    isActive: c.status === 'ACTIVE',
    amount: fromMinor(c.bonusAmount, cur),
    startCredit: fromMinor(c.startCredit, cur),
    target: fromMinor(c.target, cur),
    failBelow: fromMinor(c.failBelow, cur),
    createdAt: c.createdAt.toISOString(),
  };
}

export function toProgress(c: CreditCondition, balance: bigint): TConditionProgress {
  const cur = c.currency as Currency;
  return {
    kind: c.kind as ConditionKind,
    code: c.sourceCode,
    bonusAmount: fromMinor(c.bonusAmount, cur),
    startCredit: fromMinor(c.startCredit, cur),
    balance: fromMinor(balance, cur),
    target: fromMinor(c.target, cur),
    failBelow: fromMinor(c.failBelow, cur),
    percentFail: c.percentFail,
    cancelTakesBack: fromMinor(cancelTakesBack(c, balance), cur),
  };
}

export function toBonus(
  b: Bonus,
  member: { id: number; active: CreditCondition | null; receipts: Date[] },
  now: Date,
  timeZone: string,
): TBonus {
  const cur = b.currency as Currency;
  const type = b.type as BonusType;
  return {
    code: b.code,
    name: b.name,
    type,
    maxReceived: b.maxReceived,
    percentFail: b.percentFail,
    percent: b.percent,
    maxBonus: fromMinor(b.maxBonus, cur),
    minDeposit: fromMinor(b.minDeposit, cur),
    turnover: b.turnover,
    banners: b.banners,
    userBonus: {
      _id: `${member.id}-${b.code}`,
      isActive: member.active?.kind === 'bonus' && member.active.sourceCode === b.code,
      received: member.receipts.map((at) => ({ updatedAt: at.toISOString() })),
    },
    isReceived: isBonusReceived({ type, maxReceived: b.maxReceived }, member.receipts, now, timeZone),
  };
}

export function toPromotion(p: Promotion): TPromotion {
  return {
    code: p.code,
    description: p.description,
    percentFail: p.percentFail,
    amount: fromMinor(p.amount, p.currency as Currency),
    turnover: p.turnover,
  };
}

/** Whether a promotion can be found and used at `now`: switched on and within its dates. */
export function isPromotionOpen(p: Promotion, now: Date): boolean {
  if (!p.isActive) return false;
  if (p.startsAt && now < p.startsAt) return false;
  if (p.endsAt && now >= p.endsAt) return false;
  return true;
}
