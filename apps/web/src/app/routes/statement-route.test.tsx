import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderAt } from '../../test/render';
import { StatementRoute } from './statement-route';

describe('/user/statement (spec §2)', () => {
  it('has a title, the list, and a button that opens the slip-status modal', async () => {
    mockFetch({ 'POST /api/statement': { body: { total: 0, statements: [] } } });
    renderAt(<StatementRoute />, '/user/statement');
    expect(screen.getByRole('heading', { name: 'Statement' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('statement-empty')).toBeTruthy());
    await userEvent.setup().click(screen.getByTestId('statement-slip-open'));
    expect(screen.getByTestId('slip-modal')).toBeTruthy();
  });
});
