import { describe, expect, it } from 'vitest';
import { slices, stubCanvas } from '../testing';
import { drawWheel } from './draw-wheel';

describe('drawing the wheel', () => {
  it('paints one segment per slice in its bgColor and its label in its textColor', () => {
    const canvas = stubCanvas();
    const six = slices(6);
    drawWheel(document.createElement('canvas'), six, 300, 1);
    expect(canvas.segments().map((p) => p.style)).toEqual(six.map((s) => s.bgColor));
    expect(canvas.labels().map((p) => [p.text, p.style])).toEqual(six.map((s) => [s.label, s.textColor]));
  });

  it('sizes the pixel buffer for the device pixel ratio and draws in CSS pixels', () => {
    const canvas = stubCanvas();
    const element = document.createElement('canvas');
    drawWheel(element, slices(4), 331, 2);
    expect([element.width, element.height]).toEqual([662, 662]);
    expect([element.style.width, element.style.height]).toEqual(['331px', '331px']);
    expect(canvas.transforms[0]).toEqual([2, 0, 0, 2, 0, 0]);
  });

  it('shortens a label too long for its segment', () => {
    const canvas = stubCanvas();
    const long = [{ label: 'A very long prize name indeed', bgColor: '#000', textColor: '#fff' }];
    drawWheel(document.createElement('canvas'), long, 200, 1);
    const text = canvas.labels()[0]?.text ?? '';
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThan(long[0]?.label.length ?? 0);
  });

  it('paints nothing without slices', () => {
    const canvas = stubCanvas();
    drawWheel(document.createElement('canvas'), [], 300, 1);
    expect(canvas.paints).toHaveLength(0);
  });
});
