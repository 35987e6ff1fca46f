import type { TSpinSlice } from '@krapao/contracts/spin';
import { type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { drawWheel } from '../lib/draw-wheel';

type SpinWheelProps = {
  slices: readonly TSpinSlice[];
  size: number;
  coins: number;
  spinning: boolean;
  /** The canvas the spin turns (a CSS rotation, so the wheel is painted once per size). */
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** The slice under the pointer after the last spin. */
  landed: TSpinSlice | null;
  onSpin: () => void;
};

/** The wheel on a canvas, the pointer at the top and the spin button with the coins in the centre. */
export function SpinWheel({ slices, size, coins, spinning, canvasRef, landed, onSpin }: SpinWheelProps) {
  const { t } = useTranslation('spin');

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas) drawWheel(canvas, slices, size, window.devicePixelRatio || 1);
  }, [canvasRef, slices, size]);

  const blocked = spinning || coins <= 0;
  const button = Math.round(size * 0.26);

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative" style={{ width: size, height: size }} data-landed={landed?.code}>
        {/* The canvas turns by a CSS rotation: clipped here so its rotated box never widens the page. */}
        <div className="h-full w-full overflow-hidden rounded-full shadow-xl shadow-black/50">
          <canvas
            ref={canvasRef}
            data-testid="spin-canvas"
            role="img"
            aria-label={t('wheel.canvasLabel', { labels: slices.map((s) => s.label).join(', ') })}
            className="block rounded-full"
          />
        </div>
        {/* The pointer: fixed at the top, pointing down into the wheel. */}
        <span
          aria-hidden="true"
          className="absolute left-1/2 -top-1 h-0 w-0 -translate-x-1/2 border-x-[11px] border-t-[22px] border-x-transparent border-t-rose-500 drop-shadow-[0_2px_2px_rgba(0,0,0,0.6)]"
        />
        <button
          type="button"
          data-testid="spin-button"
          onClick={onSpin}
          aria-disabled={blocked}
          aria-label={t('wheel.spinLabel', { coins })}
          style={{ width: button, height: button }}
          className={`absolute left-1/2 top-1/2 flex -translate-x-1/2 -translate-y-1/2 flex-col items-center justify-center rounded-full border-4 border-ink-950 bg-gradient-to-b from-gold-200 to-gold-500 text-ink-950 shadow-lg shadow-black/60 transition ${blocked ? 'cursor-not-allowed saturate-50' : 'hover:from-gold-100 hover:to-gold-400 active:scale-95'}`}
        >
          <span className="text-sm font-extrabold uppercase leading-none">{t('wheel.spin')}</span>
          <span data-testid="spin-coins" className="mt-1 text-lg font-bold leading-none">
            {coins}
          </span>
        </button>
      </div>
      <p aria-live="polite" data-testid="spin-status" className="min-h-5 text-center text-sm text-white/70">
        {spinning ? t('wheel.spinning') : landed ? t('wheel.landed', { label: landed.label }) : null}
      </p>
      {!spinning && coins <= 0 ? (
        <p data-testid="spin-no-coins" className="text-center text-xs text-white/55">
          {t('wheel.noCoins')}
        </p>
      ) : null}
    </div>
  );
}
