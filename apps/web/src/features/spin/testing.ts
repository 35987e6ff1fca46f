// Test helpers of the spin feature: a recording 2D context (jsdom has no canvas) and sample data.
import type { TCoupon, TSpinSetup } from '@krapao/contracts/spin';
import { vi } from 'vitest';

export type PaintCall = { op: 'fill' | 'fillText'; style: string; text?: string };

/** Replaces getContext('2d') with a context that records fills and texts with the style in force. */
export function stubCanvas() {
  const paints: PaintCall[] = [];
  const transforms: number[][] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    setTransform: (...args: number[]) => transforms.push(args),
    clearRect: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    arc: vi.fn(),
    closePath: vi.fn(),
    fill() {
      paints.push({ op: 'fill', style: ctx.fillStyle });
    },
    stroke: vi.fn(),
    save: vi.fn(),
    restore: vi.fn(),
    translate: vi.fn(),
    rotate: vi.fn(),
    measureText: (text: string) => ({ width: text.length * 7 }),
    fillText(text: string) {
      paints.push({ op: 'fillText', style: ctx.fillStyle, text });
    },
  };
  const getContext = vi.fn(() => ctx);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    getContext as unknown as HTMLCanvasElement['getContext'],
  );
  return {
    ctx,
    paints,
    transforms,
    segments: () => paints.filter((p) => p.op === 'fill'),
    labels: () => paints.filter((p) => p.op === 'fillText'),
    reset: () => {
      paints.length = 0;
      transforms.length = 0;
    },
  };
}

const COLOURS = ['#e11d48', '#2563eb', '#16a34a', '#f59e0b', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

export function slices(count: number): NonNullable<TSpinSetup['result']>['slices'] {
  return Array.from({ length: count }, (_, i) => ({
    code: `S${i}`,
    label: `Prize ${i}`,
    bgColor: COLOURS[i % COLOURS.length] as string,
    textColor: i % 2 ? '#ffffff' : '#111111',
    htmlDescription: `<p>About <b>prize ${i}</b></p>`,
  }));
}

export function setup(userCoin: number, count = 6, name = 'Lucky'): TSpinSetup {
  return { result: { name, slices: slices(count) }, userCoin };
}

export function coupon(id: string, amount: number, name = `Name ${id}`): TCoupon {
  return {
    _id: id,
    prize: { name, slice: { label: `Label ${id}`, htmlDescription: `<p>${id}</p>` } },
    amount,
    expiresAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}
