import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderAt } from '../../test/render';
import { StatementRoute } from './statement-route';

describe('/user/statement', () => {
  it('has a title, the list, and a button that opens the slip-status modal', async () => {
    const api = mockFetch({
      'POST /api/statement': { body: { total: 0, statements: [] } },
      'POST /api/statement/slip': { body: { total: 0, slips: [] } },
    });
    renderAt(<StatementRoute />, '/user/statement');
    expect(screen.getByRole('heading', { name: 'Statement' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('statement-empty')).toBeTruthy());
    expect(api.callsTo('POST', '/api/statement/slip')).toHaveLength(0);
    await userEvent.setup().click(screen.getByTestId('statement-slip-open'));
    expect(screen.getByTestId('slip-modal')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('slip-empty')).toBeTruthy());
    expect(api.callsTo('POST', '/api/statement/slip')[0]?.body).toEqual({ page: 1, limit: 10 });
  });
});
