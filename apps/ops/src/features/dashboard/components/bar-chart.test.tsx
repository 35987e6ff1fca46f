import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

const heightOf = (el: Element) => Number(el.getAttribute('height'));
const bar = (container: HTMLElement, series: string, category: string) =>
  container.querySelector(`rect[data-series="${series}"][data-category="${category}"]`) as Element;

describe('the bar chart', () => {
  const props = {
    title: 'Deposits',
    categoryHeader: 'Day',
    categories: ['2026-03-01', '2026-03-02'],
    ticks: ['01', '02'],
    format: (v: number) => v.toFixed(2),
  };

  it('draws stacked bars whose heights are proportional to the values', () => {
    const { container } = render(
      <BarChart
        {...props}
        mode="stacked"
        series={[
          { key: 'QR', label: 'QR', color: '#000', values: [100, 25] },
          { key: 'BANK', label: 'Bank', color: '#111', values: [300, 50] },
        ]}
      />,
    );
    const qr1 = heightOf(bar(container, 'QR', '2026-03-01'));
    expect(qr1).toBeGreaterThan(0);
    expect(heightOf(bar(container, 'BANK', '2026-03-01')) / qr1).toBeCloseTo(3);
    expect(heightOf(bar(container, 'QR', '2026-03-02')) / qr1).toBeCloseTo(0.25);
    expect(heightOf(bar(container, 'BANK', '2026-03-02')) / qr1).toBeCloseTo(0.5);
    // Stacked: the day's bars reach together the top of the plot for the largest day.
    const day1Top = Number(bar(container, 'BANK', '2026-03-01').getAttribute('y'));
    expect(Number(bar(container, 'QR', '2026-03-01').getAttribute('y'))).toBeCloseTo(
      day1Top + heightOf(bar(container, 'BANK', '2026-03-01')),
    );
  });

  it('draws a negative value below the zero line, in proportion', () => {
    const { container } = render(
      <BarChart
        {...props}
        mode="grouped"
        series={[{ key: 'net', label: 'Net', color: '#000', values: [200, -100] }]}
      />,
    );
    const up = bar(container, 'net', '2026-03-01');
    const down = bar(container, 'net', '2026-03-02');
    expect(heightOf(up) / heightOf(down)).toBeCloseTo(2);
    expect(Number(down.getAttribute('y'))).toBeCloseTo(Number(up.getAttribute('y')) + heightOf(up));
  });

  it('has a title and a hidden table of its numbers', () => {
    render(
      <BarChart
        {...props}
        mode="stacked"
        series={[
          { key: 'QR', label: 'QR', color: '#000', values: [100, 25.5] },
          { key: 'BANK', label: 'Bank', color: '#111', values: [0, 50] },
        ]}
      />,
    );
    expect(screen.getByText('Deposits', { selector: 'figcaption' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(table.className).toContain('sr-only');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['DayQRBank', '2026-03-01100.000.00', '2026-03-0225.5050.00']);
  });

  it('draws no bar height at all when every value is zero', () => {
    const { container } = render(
      <BarChart {...props} mode="stacked" series={[{ key: 'QR', label: 'QR', color: '#000', values: [0, 0] }]} />,
    );
    for (const rect of container.querySelectorAll('rect')) expect(heightOf(rect)).toBe(0);
  });
});
