// The numbers behind a chart, for screen readers: a table hidden from sight.
import type { Series } from '../lib/chart-scale';

type ChartTableProps = {
  caption: string;
  categoryHeader: string;
  categories: string[];
  series: Series[];
  format: (value: number) => string;
};

export function ChartTable({ caption, categoryHeader, categories, series, format }: ChartTableProps) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{categoryHeader}</th>
          {series.map((s) => (
            <th key={s.key} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {categories.map((category, i) => (
          <tr key={category}>
            <th scope="row">{category}</th>
            {series.map((s) => (
              <td key={s.key}>{format(s.values[i] ?? 0)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
