// The production path draws with crypto.randomInt: node:crypto is wrapped (not replaced) so the
// test sees each call the spin makes and the number it got back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { signedInMember } from '../wallet/testing.ts';
import { SEED_SLICES } from './seed-spin.ts';
import { newKey, setCoins, spin, spinsOf } from './testing.ts';

const calls = vi.hoisted(() => [] as { max: number; value: number }[]);
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const randomInt = (...args: unknown[]) => {
    const value = (real.randomInt as (...a: unknown[]) => number)(...args);
    if (args.length === 1 && typeof args[0] === 'number') calls.push({ max: args[0], value });
    return value;
  };
  return { ...real, default: { ...real, randomInt }, randomInt };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
  await t.close();
});

describe('the spin route in production', () => {
  it('draws each spin with one crypto.randomInt over the sum of the weights, and lands where it says', async () => {
    const m = await signedInMember(t, 0);
    await setCoins(t, m.memberId, 5);
    const total = SEED_SLICES.reduce((sum, s) => sum + s.weight, 0);
    for (let i = 0; i < 5; i++) {
      calls.length = 0;
      const res = await spin(t, m, newKey());
      expect(res.statusCode).toBe(200);
      const draws = calls.filter((c) => c.max === total);
      expect(draws).toHaveLength(1);
      let upTo = 0;
      const expected = SEED_SLICES.find((s) => {
        upTo += s.weight;
        return draws[0]!.value < upTo;
      });
      expect(res.json().result).toBe(expected!.code);
    }
    expect(await spinsOf(t, m.memberId)).toHaveLength(5);
  });
});
