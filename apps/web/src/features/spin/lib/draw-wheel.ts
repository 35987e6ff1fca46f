// Paints the unturned wheel on a canvas: one segment per slice in its bgColor with
// its label in textColor, read from the centre outwards. Spinning turns the canvas, never repaints it.
import type { TSpinSlice } from '@krapao/contracts/spin';
import { sliceBounds } from './wheel-geometry';

type WheelSlice = Pick<TSpinSlice, 'label' | 'bgColor' | 'textColor'>;

const RIM_PX = 4;
const FONT = '600 {size}px "Noto Sans Thai", "Noto Sans Lao", system-ui, sans-serif';

/** Canvas angles start at 3 o'clock; the wheel's start at 12. */
const fromTop = (angle: number) => angle - Math.PI / 2;

/** Cuts a label to `maxWidth`, ending it with an ellipsis. */
export function fitLabel(ctx: CanvasRenderingContext2D, label: string, maxWidth: number): string {
  if (ctx.measureText(label).width <= maxWidth) return label;
  const chars = Array.from(label);
  while (chars.length > 1 && ctx.measureText(`${chars.join('')}…`).width > maxWidth) chars.pop();
  return `${chars.join('')}…`;
}

/** Sets the canvas's pixel buffer for `size` CSS pixels at `dpr` and paints the wheel. */
export function drawWheel(canvas: HTMLCanvasElement, slices: readonly WheelSlice[], size: number, dpr: number): void {
  const ratio = dpr > 0 ? dpr : 1;
  canvas.width = Math.round(size * ratio);
  canvas.height = Math.round(size * ratio);
  canvas.style.width = `${size}px`;
  canvas.style.height = `${size}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx || slices.length === 0 || size <= 0) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, size, size);

  const centre = size / 2;
  const radius = centre - RIM_PX;
  const fontSize = Math.max(10, Math.round(size / 24));
  slices.forEach((slice, index) => {
    const { start, end } = sliceBounds(index, slices.length);
    ctx.beginPath();
    ctx.moveTo(centre, centre);
    ctx.arc(centre, centre, radius, fromTop(start), fromTop(end));
    ctx.closePath();
    ctx.fillStyle = slice.bgColor;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(0, 0, 0, 0.25)';
    ctx.stroke();

    ctx.save();
    ctx.translate(centre, centre);
    ctx.rotate(fromTop((start + end) / 2));
    ctx.font = FONT.replace('{size}', String(fontSize));
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = slice.textColor;
    // Between the centre button (about a quarter of the wheel) and the rim.
    ctx.fillText(fitLabel(ctx, slice.label, radius * 0.62), radius - 12, 0);
    ctx.restore();
  });

  ctx.beginPath();
  ctx.arc(centre, centre, radius + RIM_PX / 2, 0, 2 * Math.PI);
  ctx.lineWidth = RIM_PX;
  ctx.strokeStyle = '#d4a017';
  ctx.stroke();
}
