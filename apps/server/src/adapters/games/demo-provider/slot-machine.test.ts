import { describe, expect, it } from 'vitest';
import { multiplierOf, returnToPlayer, SYMBOLS, spinReels } from './slot-machine.ts';

describe('the demo slot', () => {
  it('pays by its table: three of a kind, two sevens, a first pair, one seven', () => {
    expect(multiplierOf(['SEVEN', 'SEVEN', 'SEVEN'])).toBe(150);
    expect(multiplierOf(['CLUB', 'CLUB', 'CLUB'])).toBe(5);
    expect(multiplierOf(['SEVEN', 'BAR', 'SEVEN'])).toBe(5);
    expect(multiplierOf(['HEART', 'HEART', 'BAR'])).toBe(1);
    expect(multiplierOf(['BAR', 'STAR', 'SEVEN'])).toBe(1);
    expect(multiplierOf(['BAR', 'STAR', 'HEART'])).toBe(0);
  });

  it('returns a little less than it takes', () => {
    const rtp = returnToPlayer();
    expect(rtp).toBeGreaterThan(0.9);
    expect(rtp).toBeLessThan(0.97);
  });

  it('draws symbols by weight', () => {
    expect(spinReels(() => 0)).toEqual(['SEVEN', 'SEVEN', 'SEVEN']);
    const total = SYMBOLS.reduce((s, x) => s + x.weight, 0);
    expect(spinReels(() => total - 1)).toEqual(['CLUB', 'CLUB', 'CLUB']);
    for (const r of spinReels()) expect(SYMBOLS.map((s) => s.id)).toContain(r);
  });
});
