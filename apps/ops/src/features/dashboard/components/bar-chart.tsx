// A small bar chart drawn as inline SVG: one group of bars per category (a day), its series stacked
// or side by side. The picture is hidden from screen readers, which read the table of its numbers.
import { useId } from 'react';
import { type ChartMode, extentOf, type Series, yScale } from '../lib/chart-scale';
import { ChartTable } from './chart-table';

type BarChartProps = {
  title: string;
  categoryHeader: string;
  categories: string[];
  /** Short labels drawn under the bars (e.g. day of month). */
  ticks: string[];
  series: Series[];
  mode: ChartMode;
  format: (value: number) => string;
};

const WIDTH = 320;
const HEIGHT = 160;
const TOP = 8;
const PLOT = 128;

export function BarChart({ title, categoryHeader, categories, ticks, series, mode, format }: BarChartProps) {
  const titleId = useId();
  const y = yScale(extentOf(series, categories.length, mode), TOP, PLOT);
  const slot = WIDTH / Math.max(1, categories.length);
  const barWidth = mode === 'stacked' ? slot * 0.6 : (slot * 0.7) / Math.max(1, series.length);

  function bars(i: number) {
    let up = 0;
    let down = 0;
    return series.map((s, j) => {
      const value = s.values[i] ?? 0;
      let from = 0;
      if (mode === 'stacked') {
        from = value >= 0 ? up : down;
        if (value >= 0) up += value;
        else down += value;
      }
      const a = y(from);
      const b = y(from + value);
      const x = mode === 'stacked' ? i * slot + slot * 0.2 : i * slot + slot * 0.15 + j * barWidth;
      return (
        <rect
          key={s.key}
          data-series={s.key}
          data-category={categories[i]}
          x={x}
          y={Math.min(a, b)}
          width={barWidth}
          height={Math.abs(b - a)}
          fill={s.color}
        />
      );
    });
  }

  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <figcaption id={titleId} className="text-sm font-semibold text-slate-900">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true">
        <line x1={0} x2={WIDTH} y1={y(0)} y2={y(0)} stroke="#cbd5e1" />
        {categories.map((category, i) => (
          <g key={category}>
            {bars(i)}
            <text x={i * slot + slot / 2} y={HEIGHT - 4} textAnchor="middle" fontSize="10" fill="#475569">
              {ticks[i]}
            </text>
          </g>
        ))}
      </svg>
      <ul className="flex flex-wrap gap-3 text-xs text-slate-700" aria-hidden="true">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1">
            <span className="inline-block h-2 w-3 rounded-sm" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <ChartTable
        caption={title}
        categoryHeader={categoryHeader}
        categories={categories}
        series={series}
        format={format}
      />
    </figure>
  );
}
