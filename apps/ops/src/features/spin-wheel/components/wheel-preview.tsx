// The wheel as members see it: equal slices in order, each in its colours with its label, the
// first slice starting at the top. (The member app draws the same on a canvas.)
type PreviewSlice = { code: string; label: string; bgColor: string; textColor: string };

const R = 100;

function point(angle: number, radius: number) {
  return [Math.sin(angle) * radius, -Math.cos(angle) * radius] as const;
}

export function WheelPreview({ slices, title }: { slices: readonly PreviewSlice[]; title: string }) {
  const step = (2 * Math.PI) / Math.max(slices.length, 1);
  return (
    <svg viewBox="-110 -110 220 220" role="img" aria-label={title} className="h-64 w-64">
      <title>{title}</title>
      <circle r={R + 6} fill="#13131a" />
      {slices.map((s, i) => {
        const [x1, y1] = point(i * step, R);
        const [x2, y2] = point((i + 1) * step, R);
        const mid = (i + 0.5) * step;
        const [tx, ty] = point(mid, R * 0.62);
        const large = step > Math.PI ? 1 : 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: drawn by position; codes may repeat while being typed
          <g key={`${s.code}-${i}`} data-testid="preview-slice">
            <path d={`M0 0 L${x1} ${y1} A${R} ${R} 0 ${large} 1 ${x2} ${y2} Z`} fill={s.bgColor} />
            <text
              x={tx}
              y={ty}
              fill={s.textColor}
              fontSize="11"
              fontWeight="700"
              textAnchor="middle"
              dominantBaseline="middle"
              transform={`rotate(${(mid * 180) / Math.PI} ${tx} ${ty})`}
            >
              {s.label}
            </text>
          </g>
        );
      })}
      <circle r="12" fill="#e0b84a" />
    </svg>
  );
}
