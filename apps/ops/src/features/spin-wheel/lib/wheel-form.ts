// The wheel form edits odds in percent (two decimals); the wire carries hundredths of a percent.
import {
  ODDS_TOTAL,
  type TOpsSpinSlice,
  type TSpinWheelChange,
  type TSpinWheelPage,
  ZOpsSpinSlice,
  ZSpinWheelChange,
} from '@krapao/contracts/ops/spin-wheel';
import { z } from 'zod';

const toHundredths = (percent: number) => Math.round(percent * 100);

export const oddsTotalOf = (slices: readonly { odds: number }[]) =>
  slices.reduce((sum, s) => sum + toHundredths(Number.isFinite(s.odds) ? s.odds : 0), 0);

export const ZWheelForm = ZSpinWheelChange.extend({
  slices: z
    .array(ZOpsSpinSlice.extend({ odds: z.number().min(0).max(100).multipleOf(0.01) }))
    .min(2)
    .max(16),
}).refine((form) => oddsTotalOf(form.slices) === ODDS_TOTAL, { path: ['slices'], message: 'ODDS_TOTAL' });
export type WheelForm = z.infer<typeof ZWheelForm>;

export function formOf(wheel: NonNullable<TSpinWheelPage['wheel']>): WheelForm {
  return {
    coinPerBaht: wheel.coinPerBaht,
    slices: wheel.slices.map((s) => ({ ...s, odds: s.odds / 100 })),
    reason: '',
  };
}

export function changeOf(form: WheelForm): TSpinWheelChange {
  return { ...form, slices: form.slices.map((s) => ({ ...s, odds: toHundredths(s.odds) })) };
}

export const NEW_SLICE: TOpsSpinSlice = {
  code: '',
  label: '',
  bgColor: '#1b1b24',
  textColor: '#edcf6d',
  odds: 0,
  prizeType: 'NONE',
  prizeName: '',
  prizeAmount: 0,
  htmlDescription: '',
};
