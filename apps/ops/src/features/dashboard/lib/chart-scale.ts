// The vertical scale of a bar chart: from the lowest to the highest value the bars reach (zero
// always included), so a bar's height is proportional to its value.

export type Series = { key: string; label: string; color: string; values: number[] };
export type ChartMode = 'stacked' | 'grouped';

/** The lowest and highest value the bars reach: stacked bars reach their sums. */
export function extentOf(series: Series[], count: number, mode: ChartMode): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (let i = 0; i < count; i++) {
    if (mode === 'stacked') {
      const up = series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0);
      const down = series.reduce((sum, s) => sum + Math.min(0, s.values[i] ?? 0), 0);
      max = Math.max(max, up);
      min = Math.min(min, down);
    } else {
      for (const s of series) {
        max = Math.max(max, s.values[i] ?? 0);
        min = Math.min(min, s.values[i] ?? 0);
      }
    }
  }
  return { min, max };
}

/** Maps a value to a y coordinate in [top, top + height]; an all-zero chart maps everything to its base. */
export function yScale(extent: { min: number; max: number }, top: number, height: number) {
  const span = extent.max - extent.min;
  return (value: number) => (span === 0 ? top + height : top + ((extent.max - value) / span) * height);
}
