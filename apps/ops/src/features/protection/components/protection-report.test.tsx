import { opsProtectionPaths, type TProtectionReport } from '@krapao/contracts/ops/protection';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { dayStart, ProtectionReport } from './protection-report';

const report = (over: Partial<TProtectionReport> = {}): TProtectionReport => ({
  from: '2026-01-01T00:00:00.000Z',
  to: '2026-01-08T00:00:00.000Z',
  currentExclusions: { timeout: 3, selfExclusion: 2 },
  items: [
    {
      memberId: 100_123,
      username: '0812345678',
      name: 'Somchai Jaidee',
      currency: 'BAHT',
      depositRefused: 4,
      depositPassed: 1,
      lossRefused: 2,
      lastAt: '2026-01-07T10:00:00.000Z',
    },
  ],
  hasMore: true,
  ...over,
});

describe('the player protection report', () => {
  it('asks for the last 7 days by default, lists the members with links, and pages on', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, report()));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ProtectionReport />, '/protection');

    const link = await screen.findByRole('link', { name: '0812345678' });
    expect(link.getAttribute('href')).toBe('/members/100123');
    const row = screen.getByTestId('protection-report-row').textContent;
    expect(row).toContain('Somchai Jaidee');
    expect(row).toContain('4');
    expect(screen.getByTestId('protection-report-summary').textContent).toContain(
      'Excluded now: 3 on a time-out, 2 self-excluded.',
    );
    const [first] = fetchMock.mock.calls[0] as unknown as [string];
    expect(first).toBe(`${opsProtectionPaths.report}?page=1`);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [second] = fetchMock.mock.calls[1] as unknown as [string];
    expect(second).toBe(`${opsProtectionPaths.report}?page=2`);
  }, 15_000);

  it('asks for the chosen days, the last one included', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, report({ items: [], hasMore: false })));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ProtectionReport />, '/protection');
    expect(await screen.findByText('No member hit a limit in this range.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-01-31');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url] = fetchMock.mock.calls[1] as unknown as [string];
    const query = new URL(url, 'http://x').searchParams;
    expect(query.get('from')).toBe(dayStart('2026-01-01'));
    expect(query.get('to')).toBe(new Date(2026, 1, 1).toISOString());
    expect(query.get('page')).toBe('1');
  }, 15_000);
});
