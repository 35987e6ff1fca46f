import { describe, expect, it } from 'vitest';
import { canCreateQr, gatewayMinimum, isQrCreateIgnored, parseAmount, quickAmounts } from './qr-rules';

describe('QR quick amounts', () => {
  it('are the contracts lists by default', () => {
    expect(quickAmounts('KBANK', null)).toEqual([10, 20, 50, 100, 500, 1000]);
    expect(quickAmounts('WW', null)).toEqual([100, 200, 300, 500, 1000]);
    expect(quickAmounts('PAYTIMZ', null)).toEqual([10, 50, 100, 500, 1000]);
  });

  it('a PAYTIMZ build minimum replaces the first quick amount and the minimum', () => {
    expect(quickAmounts('PAYTIMZ', 20)).toEqual([20, 50, 100, 500, 1000]);
    expect(quickAmounts('PAYTIMZ', 300)).toEqual([300, 500, 1000]);
    expect(gatewayMinimum('PAYTIMZ', 20)).toBe(20);
    expect(gatewayMinimum('PAYTIMZ', null)).toBe(10);
    expect(quickAmounts('KBANK', 300)).toEqual([10, 20, 50, 100, 500, 1000]);
  });
});

describe('QR create', () => {
  it('KBANK is disabled at 0 or less', () => {
    expect(canCreateQr('KBANK', 0, null)).toBe(false);
    expect(canCreateQr('KBANK', -5, null)).toBe(false);
    expect(canCreateQr('KBANK', 0.5, null)).toBe(true);
  });

  it('WW is disabled below 100, PAYTIMZ below its minimum', () => {
    expect(canCreateQr('WW', 99, null)).toBe(false);
    expect(canCreateQr('WW', 100, null)).toBe(true);
    expect(canCreateQr('PAYTIMZ', 9, null)).toBe(false);
    expect(canCreateQr('PAYTIMZ', 10, null)).toBe(true);
    expect(canCreateQr('PAYTIMZ', 10, 20)).toBe(false);
  });

  it('a create below 1 is ignored', () => {
    expect(isQrCreateIgnored(0.5)).toBe(true);
    expect(isQrCreateIgnored(Number.NaN)).toBe(true);
    expect(isQrCreateIgnored(1)).toBe(false);
  });

  it('reads the amount field', () => {
    expect(parseAmount('')).toBe(0);
    expect(parseAmount(' 150.5 ')).toBe(150.5);
    expect(parseAmount('abc')).toBe(0);
  });
});
