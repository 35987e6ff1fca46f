import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { StatementList } from './statement-list';

const entry = (id: string, statementType: string, status: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  statementType,
  from: 'WALLET',
  to: 'JOKER',
  amount: 100,
  status,
  createdAt: '2024-03-05T14:07:09',
  ...extra,
});

const FIVE = [
  entry('1', 'deposit', 'SUCCESS'),
  entry('2', 'bonus', 'SUCCESS', { bonus: { description: 'Welcome bonus 50%' } }),
  entry('3', 'finish_bonus', 'PENDING', { from: 'BONUS', to: 'WALLET' }),
  entry('4', 'withdraw', 'FAILED'),
  entry('5', 'transfer', 'UNKNOWN'),
];

function renderList(handler: MockHandler) {
  const api = mockFetch({ 'POST /api/statement': handler });
  renderAt(<StatementList />, '/user/statement');
  return { api, user: userEvent.setup() };
}

const rows = () => screen.getAllByTestId('statement-row');

describe('statement list', () => {
  it('asks for page 1 with 10 per page and renders all five types', async () => {
    const { api } = renderList({ body: { total: 5, statements: FIVE } });
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(api.callsTo('POST', '/api/statement')[0]?.body).toEqual({ page: 1, limit: 10 });
    expect(rows().map((r) => r.getAttribute('data-type'))).toEqual([
      'deposit',
      'bonus',
      'finish_bonus',
      'withdraw',
      'transfer',
    ]);
  });

  it('signs amounts per type: +, +, none, -, none', async () => {
    renderList({ body: { total: 5, statements: FIVE } });
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getAllByTestId('statement-amount').map((a) => a.textContent)).toEqual([
      '+100.00',
      '+100.00',
      '100.00',
      '-100.00',
      '100.00',
    ]);
  });

  it('labels SUCCESS success, FAILED failed and anything else processing', async () => {
    renderList({ body: { total: 5, statements: FIVE } });
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(rows().map((r) => r.getAttribute('data-status'))).toEqual([
      'success',
      'success',
      'processing',
      'failed',
      'processing',
    ]);
    expect(screen.getAllByTestId('statement-status').map((s) => s.textContent)).toEqual([
      'Success',
      'Success',
      'Processing',
      'Failed',
      'Processing',
    ]);
  });

  it('describes by the linked detail when present, else by type (transfers with from → to)', async () => {
    renderList({ body: { total: 5, statements: FIVE } });
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getAllByTestId('statement-description').map((d) => d.textContent)).toEqual([
      'Deposit',
      'Welcome bonus 50%',
      'Bonus ended',
      'Withdraw',
      'Transfer Main wallet → JOKER',
    ]);
  });

  it('shows DD/MM/YYYY HH:mm:ss, a relative time and a different icon per type', async () => {
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000 - 5_000).toISOString();
    renderList({
      body: { total: 2, statements: [FIVE[0], entry('9', 'withdraw', 'SUCCESS', { createdAt: threeHoursAgo })] },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('statement-date').textContent).toBe('05/03/2024 14:07:09');
    expect(within(second).getByTestId('statement-relative').textContent).toBe('3 hours ago');
    const icons = screen.getAllByTestId('statement-icon').map((i) => i.getAttribute('data-icon'));
    expect(icons).toEqual(['deposit', 'withdraw']);
  });

  it('an unknown type still renders', async () => {
    renderList({ body: { total: 1, statements: [entry('x', 'luckydraw_payout', 'SUCCESS')] } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('statement-icon').getAttribute('data-icon')).toBe('other');
  });

  it('counts pages from total (25 → 3) and loads the page chosen', async () => {
    const { api, user } = renderList((body) => {
      const { page } = body as { page: number };
      return { body: { total: 25, statements: [entry(`p${page}`, 'deposit', 'SUCCESS')] } };
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    const pages = screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent);
    expect(pages).toEqual(['1', '2']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/statement')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/statement')[1]?.body).toEqual({ page: 2, limit: 10 });
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3']),
    );
  });

  it('swallows a load error silently', async () => {
    const { api } = renderList({ status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } });
    await waitFor(() => expect(api.callsTo('POST', '/api/statement')).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('toast-danger')).toBeNull();
  });
});
