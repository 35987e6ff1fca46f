// The promotions page's rules: create and change bonuses, create and switch off promotion codes.
// Each change and its audit entry (the row before and after) commit together; a refused change
// changes nothing.
import type { Currency } from '@krapao/contracts/constants';
import { fromMinor, toMinor } from '@krapao/contracts/money';
import type {
  TOpsBonus,
  TOpsPromotionCode,
  ZOpsBonusCreate,
  ZOpsBonusUpdate,
  ZOpsPromotionCodeCreate,
} from '@krapao/contracts/ops/promotions';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishOpsChange } from '../../lib/ops-changes.ts';
import { appendAudit, type StaffAct } from '../audit/index.ts';
import { type Bonus, createBonusRepository, type Promotion } from './bonus.repository.ts';
import { createBonusOpsRepository } from './bonus-ops.repository.ts';

type BonusCreate = z.output<typeof ZOpsBonusCreate>;
type BonusUpdate = z.output<typeof ZOpsBonusUpdate>;
type PromotionCreate = z.output<typeof ZOpsPromotionCodeCreate>;

/** Major units to minor ones; a fraction the currency has no unit for (half a kip) is KEY_INVALID. */
function minorOf(amount: number, currency: Currency, field: string): bigint {
  try {
    return toMinor(amount, currency);
  } catch {
    throw new AppError('KEY_INVALID', { fields: [field] });
  }
}

export function toOpsBonus(b: Bonus): TOpsBonus {
  const currency = b.currency as Currency;
  return {
    code: b.code,
    name: b.name,
    type: b.type as TOpsBonus['type'],
    maxReceived: b.maxReceived,
    percent: b.percent,
    maxBonus: fromMinor(b.maxBonus, currency),
    minDeposit: fromMinor(b.minDeposit, currency),
    turnover: b.turnover,
    percentFail: b.percentFail,
    banners: b.banners,
    currency,
    isActive: b.isActive,
    sortOrder: b.sortOrder,
  };
}

export function toOpsPromotionCode(p: Promotion & { uses: number }): TOpsPromotionCode {
  const currency = p.currency as Currency;
  return {
    code: p.code,
    description: p.description,
    amount: fromMinor(p.amount, currency),
    turnover: p.turnover,
    percentFail: p.percentFail,
    maxUses: p.maxUses,
    uses: p.uses,
    currency,
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    isActive: p.isActive,
  };
}

function bonusRow(input: Omit<BonusUpdate, 'reason'>, currency: Currency) {
  const { maxBonus, minDeposit, ...rest } = input;
  return {
    ...rest,
    maxBonus: minorOf(maxBonus, currency, 'maxBonus'),
    minDeposit: minorOf(minDeposit, currency, 'minDeposit'),
  };
}

export function createBonusOpsService(ctx: AppContext) {
  const repo = createBonusOpsRepository(ctx.db);
  const catalogue = createBonusRepository(ctx.db);

  return {
    async bonuses(): Promise<TOpsBonus[]> {
      return (await repo.allBonuses()).map(toOpsBonus);
    },

    async createBonus(input: BonusCreate, by: StaffAct): Promise<TOpsBonus> {
      const { reason: _reason, code, currency, ...rules } = input;
      const row = { code, currency, ...bonusRow(rules, currency) };
      const done = await ctx.db.transaction(async (tx) => {
        const created = await repo.insertBonus(tx, row);
        if (!created) throw new AppError('OPS_CODE_TAKEN', { fields: ['code'] });
        const after = toOpsBonus(created);
        await appendAudit(tx, {
          actor: 'staff',
          staffId: by.staffId,
          action: 'bonus.create',
          objectType: 'bonus',
          objectId: code,
          reason: by.reason,
          before: null,
          after,
          requestId: by.requestId,
        });
        return after;
      });
      publishOpsChange(ctx, { topic: 'bonus', id: code });
      return done;
    },

    async updateBonus(code: string, input: BonusUpdate, by: StaffAct): Promise<TOpsBonus> {
      const { reason: _reason, ...rules } = input;
      const done = await ctx.db.transaction(async (tx) => {
        const current = await repo.lockBonus(tx, code);
        if (!current) throw new AppError('NO_DATA');
        const updated = await repo.updateBonus(tx, code, bonusRow(rules, current.currency as Currency));
        const after = toOpsBonus(updated);
        await appendAudit(tx, {
          actor: 'staff',
          staffId: by.staffId,
          action: 'bonus.update',
          objectType: 'bonus',
          objectId: code,
          reason: by.reason,
          before: toOpsBonus(current),
          after,
          requestId: by.requestId,
        });
        return after;
      });
      publishOpsChange(ctx, { topic: 'bonus', id: code });
      return done;
    },

    async promotionCodes(): Promise<TOpsPromotionCode[]> {
      return (await repo.allPromotions()).map(toOpsPromotionCode);
    },

    async createPromotionCode(input: PromotionCreate, by: StaffAct): Promise<TOpsPromotionCode> {
      const { reason: _reason, amount, startsAt, endsAt, ...rest } = input;
      const row = {
        ...rest,
        amount: minorOf(amount, rest.currency, 'amount'),
        startsAt: startsAt ? new Date(startsAt) : null,
        endsAt: endsAt ? new Date(endsAt) : null,
      };
      const done = await ctx.db.transaction(async (tx) => {
        const created = await repo.insertPromotion(tx, row);
        if (!created) throw new AppError('OPS_CODE_TAKEN', { fields: ['code'] });
        const after = toOpsPromotionCode({ ...created, uses: 0 });
        await appendAudit(tx, {
          actor: 'staff',
          staffId: by.staffId,
          action: 'promotion.create',
          objectType: 'promotion',
          objectId: created.code,
          reason: by.reason,
          before: null,
          after,
          requestId: by.requestId,
        });
        return after;
      });
      publishOpsChange(ctx, { topic: 'promotion', id: row.code });
      return done;
    },

    async disablePromotionCode(code: string, by: StaffAct): Promise<TOpsPromotionCode> {
      const done = await ctx.db.transaction(async (tx) => {
        const current = await catalogue.lockPromotion(tx, code);
        if (!current) throw new AppError('NO_DATA');
        const uses = await catalogue.promotionUses(tx, code);
        const updated = await repo.disablePromotion(tx, code);
        await appendAudit(tx, {
          actor: 'staff',
          staffId: by.staffId,
          action: 'promotion.disable',
          objectType: 'promotion',
          objectId: code,
          reason: by.reason,
          before: toOpsPromotionCode({ ...current, uses }),
          after: toOpsPromotionCode({ ...updated, uses }),
          requestId: by.requestId,
        });
        return toOpsPromotionCode({ ...updated, uses });
      });
      publishOpsChange(ctx, { topic: 'promotion', id: code });
      return done;
    },
  };
}
