// A tiny line of counts per minute, oldest first; decorative (the health table states the figure).
const WIDTH = 90;
const HEIGHT = 24;

export function Sparkline({ values }: { values: number[] }) {
  const max = Math.max(1, ...values);
  const step = WIDTH / Math.max(1, values.length - 1);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${(HEIGHT - 2 - (v / max) * (HEIGHT - 4)).toFixed(1)}`);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} aria-hidden="true" data-testid="sparkline">
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke={values.some((v) => v > 0) ? '#dc2626' : '#94a3b8'}
        strokeWidth="1.5"
      />
    </svg>
  );
}
