// The console's spin wheel: read the active wheel, and replace it. A change is a new wheel row
// (with its slices) that becomes the active one, while the old row is switched off but kept: open
// coupons point at their wheel's slice, so they stay claimable whatever the new wheel holds.
// The change and its audit entry commit together; odds that do not add up to 100 % change nothing.
import type { TCouponRules } from '@krapao/contracts/ops/settings';
import {
  ODDS_TOTAL,
  oddsSum,
  SPIN_WHEEL_REFUSALS,
  type TOpsSpinSlice,
  type TSpinWheelChange,
  type TSpinWheelPage,
} from '@krapao/contracts/ops/spin-wheel';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { spinSlices, spinWheels } from '../../db/schema/promotions.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishOpsChange } from '../../lib/ops-changes.ts';
import { appendAudit, lastChanges, type StaffAct } from '../audit/index.ts';
import { createSettingsChange, createSettingsRepository, SETTING_AUDIT_OBJECT } from '../lookup/index.ts';
import { createSpinRepository, type Slice, type Wheel } from './spin.repository.ts';

/** The audit trail's object of every wheel change (one wheel is active at a time). */
export const WHEEL_OBJECT = { type: 'spin_wheel', id: 'active' } as const;

const toBaht = (minor: bigint) => Number(minor) / 100;
const toMinor = (baht: number) => BigInt(Math.round(baht * 100));

function sliceView(s: Slice): TOpsSpinSlice {
  return {
    code: s.code,
    label: s.label,
    bgColor: s.bgColor,
    textColor: s.textColor,
    odds: s.weight,
    prizeType: s.prizeType === 'CREDIT' ? 'CREDIT' : 'NONE',
    prizeName: s.prizeName,
    prizeAmount: toBaht(s.prizeAmount),
    htmlDescription: s.htmlDescription,
  };
}

function wheelView(wheel: Wheel, slices: Slice[]) {
  return {
    id: wheel.id,
    name: wheel.name,
    coinPerBaht: toBaht(wheel.coinPer),
    couponHours: wheel.couponHours,
    slices: slices.map(sliceView),
  };
}

/** Why a wheel cannot be saved, or null. */
export function wheelRefusal(slices: readonly TOpsSpinSlice[]): AppError | null {
  if (oddsSum(slices) !== ODDS_TOTAL) {
    return new AppError('KEY_INVALID', {
      fields: ['slices'],
      reason: SPIN_WHEEL_REFUSALS.oddsTotal,
      total: oddsSum(slices),
      expected: ODDS_TOTAL,
    });
  }
  // A prize slice pays something; a no-prize slice pays nothing.
  const badPrize = slices.findIndex((s) => (s.prizeType === 'CREDIT') !== s.prizeAmount > 0);
  if (badPrize >= 0) {
    return new AppError('KEY_INVALID', {
      fields: [`slices.${badPrize}.prizeAmount`],
      reason: SPIN_WHEEL_REFUSALS.creditPrize,
    });
  }
  return null;
}

export function createSpinOpsService(ctx: AppContext) {
  const repo = createSpinRepository(ctx.db);
  const settings = createSettingsRepository(ctx.db);
  const settingsChange = createSettingsChange(ctx);
  const changeOf = (c: { at: Date; staffName: string | null } | undefined) =>
    c ? { at: c.at.toISOString(), staffName: c.staffName ?? '' } : null;

  return {
    async page(): Promise<TSpinWheelPage> {
      const [wheel, changes, rules, ruleChanges] = await Promise.all([
        repo.activeWheel(),
        lastChanges(ctx.db, WHEEL_OBJECT.type, [WHEEL_OBJECT.id]),
        settings.get('couponRules'),
        lastChanges(ctx.db, SETTING_AUDIT_OBJECT, ['couponRules']),
      ]);
      return {
        wheel: wheel ? wheelView(wheel, await repo.slices(wheel.id)) : null,
        lastChange: changeOf(changes.get(WHEEL_OBJECT.id)),
        couponRules: { success: rules?.success ?? 0, fail: rules?.fail ?? 0 },
        couponRulesChange: changeOf(ruleChanges.get('couponRules')),
      };
    },

    /** The coupons' condition: the setting and its audit entry commit together (createSettingsChange). */
    async changeCouponRules(rules: TCouponRules, act: StaffAct): Promise<void> {
      await settingsChange.set('couponRules', { success: rules.success, fail: rules.fail }, act);
    },

    async change(change: TSpinWheelChange, act: StaffAct): Promise<void> {
      const refused = wheelRefusal(change.slices);
      if (refused) throw refused;
      await ctx.db.transaction(async (tx) => {
        // The active wheel rows, locked: two changes at once are applied one after the other.
        const [active] = await tx
          .select()
          .from(spinWheels)
          .where(eq(spinWheels.isActive, true))
          .orderBy(desc(spinWheels.id))
          .for('update');
        if (!active) throw new AppError('NO_DATA');
        const before = wheelView(active, await repo.slices(active.id, tx));
        await tx.update(spinWheels).set({ isActive: false }).where(eq(spinWheels.isActive, true));
        const [wheel] = await tx
          .insert(spinWheels)
          .values({
            name: active.name,
            isActive: true,
            coinPer: toMinor(change.coinPerBaht),
            couponHours: active.couponHours,
          })
          .returning();
        const rows = change.slices.map((s, i) => ({
          wheelId: wheel!.id,
          code: s.code,
          label: s.label,
          bgColor: s.bgColor,
          textColor: s.textColor,
          htmlDescription: s.htmlDescription,
          weight: s.odds,
          prizeType: s.prizeType,
          prizeName: s.prizeName,
          prizeAmount: s.prizeType === 'CREDIT' ? toMinor(s.prizeAmount) : 0n,
          sortOrder: i,
        }));
        const inserted = await tx.insert(spinSlices).values(rows).returning();
        await appendAudit(tx, {
          actor: 'staff',
          staffId: act.staffId,
          action: 'spin_wheel.change',
          objectType: WHEEL_OBJECT.type,
          objectId: WHEEL_OBJECT.id,
          reason: act.reason,
          before,
          after: wheelView(wheel!, inserted),
          requestId: act.requestId,
          at: ctx.now(),
        });
      });
      publishOpsChange(ctx, { topic: 'spinWheel', id: WHEEL_OBJECT.id });
    },
  };
}
