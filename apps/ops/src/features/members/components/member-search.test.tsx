import { membersPaths } from '@krapao/contracts/ops/members';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { MemberSearch } from './member-search';

const row = {
  id: 100_123,
  username: '0812345678',
  name: 'Somchai Jaidee',
  phone: '0812345678',
  currency: 'BAHT',
  status: 'locked',
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('the member search', () => {
  it('asks nothing until submitted, then lists the matches, each linking to its page', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { items: [row], hasMore: false }));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<MemberSearch />, '/members');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Search'), ' 0812 ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const link = await screen.findByRole('link', { name: '100123' });
    expect(link.getAttribute('href')).toBe('/members/100123');
    expect(screen.getByText('Somchai Jaidee')).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();
    const [url] = fetchMock.mock.calls[0] as unknown as [string];
    expect(url).toBe(`${membersPaths.search}?q=0812&page=1`);
  }, 15_000);

  it('says so when nothing matches', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { items: [], hasMore: false })),
    );
    renderWith(<MemberSearch />, '/members');
    await userEvent.type(screen.getByLabelText('Search'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No member matches.')).toBeTruthy();
  }, 15_000);
});
