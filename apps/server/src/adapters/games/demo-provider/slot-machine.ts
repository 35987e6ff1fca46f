// The demo provider's three-reel slot: weighted symbols, a payout table, a cryptographic draw.
// Return to player about 93 % (checked by enumeration in the test).
import { randomInt } from 'node:crypto';

export const SYMBOLS = [
  { id: 'SEVEN', face: '7', weight: 2, three: 150 },
  { id: 'BAR', face: 'BAR', weight: 3, three: 60 },
  { id: 'STAR', face: '★', weight: 4, three: 30 },
  { id: 'DIAMOND', face: '♦', weight: 5, three: 15 },
  { id: 'HEART', face: '♥', weight: 6, three: 10 },
  { id: 'CLUB', face: '♣', weight: 7, three: 5 },
] as const;
export type SymbolId = (typeof SYMBOLS)[number]['id'];

const TOTAL_WEIGHT = SYMBOLS.reduce((sum, s) => sum + s.weight, 0);

/** Multiples of the stake; the first rule that matches pays. */
export const PAY_RULES = [
  ...SYMBOLS.map((s) => ({ label: `${s.face} ${s.face} ${s.face}`, multiplier: s.three })),
  { label: 'มี 7 สองตัว / Any two 7s', multiplier: 5 },
  { label: 'สองช่องแรกเหมือนกัน / First two match', multiplier: 1 },
  { label: 'มี 7 หนึ่งตัว / One 7', multiplier: 1 },
] as const;

export function multiplierOf(reels: readonly SymbolId[]): number {
  const [a, b, c] = reels;
  if (a === b && b === c) return SYMBOLS.find((s) => s.id === a)?.three ?? 0;
  const sevens = reels.filter((r) => r === 'SEVEN').length;
  if (sevens >= 2) return 5;
  if (a === b) return 1;
  if (sevens === 1) return 1;
  return 0;
}

function drawSymbol(random: (max: number) => number): SymbolId {
  let roll = random(TOTAL_WEIGHT);
  for (const s of SYMBOLS) {
    if (roll < s.weight) return s.id;
    roll -= s.weight;
  }
  return SYMBOLS[SYMBOLS.length - 1]!.id;
}

export function spinReels(random: (max: number) => number = randomInt): SymbolId[] {
  return [drawSymbol(random), drawSymbol(random), drawSymbol(random)];
}

/** The exact expected return per unit staked. */
export function returnToPlayer(): number {
  let expected = 0;
  for (const a of SYMBOLS)
    for (const b of SYMBOLS)
      for (const c of SYMBOLS) {
        const p = (a.weight * b.weight * c.weight) / TOTAL_WEIGHT ** 3;
        expected += p * multiplierOf([a.id, b.id, c.id]);
      }
  return expected;
}

/** Bet buttons, in major units of the player's currency. */
const BET_STEPS: Record<string, readonly number[]> = {
  BAHT: [1, 5, 10, 50, 100],
  LAK: [1_000, 5_000, 10_000, 50_000, 100_000],
};
export const betSteps = (currency: string): readonly number[] => BET_STEPS[currency] ?? [1, 5, 10, 50, 100];
