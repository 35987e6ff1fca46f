import { approvalsPaths, type TApproval } from '@krapao/contracts/ops/approvals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { canDecide } from './approvals-queue';
import { DecideDialog } from './decide-dialog';

const approval: TApproval = {
  id: 7,
  kind: 'credit',
  memberId: 100_001,
  memberUsername: '0812345678',
  amount: 2500,
  currency: 'BAHT',
  reason: 'lost deposit',
  bankAccount: null,
  slip: null,
  status: 'pending',
  requestedBy: 1,
  requestedByName: 'Alice',
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('the approve dialog', () => {
  it('says what approving does, needs a reason, then posts it to the kind’s approve path', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { approval: { ...approval, status: 'booked' } }));
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWith(<DecideDialog approval={approval} decision="approve" onClose={onClose} />, '/approvals');

    expect(screen.getByTestId('decide-summary').textContent).toBe('Credit 2500 BAHT to 0812345678');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Say why (at least 3 characters)')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Reason'), 'slip checked');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(approvalsPaths.adjustmentApprove.replace(':approvalId', '7'));
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'slip checked' });
  }, 15_000);

  it('shows a refusal (another staff member decided first) and stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(409, { message: 'OPS_ALREADY_DECIDED' })),
    );
    const onClose = vi.fn();
    renderWith(<DecideDialog approval={approval} decision="approve" onClose={onClose} />, '/approvals');
    await userEvent.type(screen.getByLabelText('Reason'), 'slip checked');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  }, 15_000);

  it('is never offered on one’s own request, nor without the kind’s permission', () => {
    expect(canDecide(approval, 1, ['money.adjust.approve'])).toBe(false);
    expect(canDecide(approval, 2, ['money.adjust.approve'])).toBe(true);
    expect(canDecide({ ...approval, kind: 'bank-change' }, 2, ['money.adjust.approve'])).toBe(false);
  }, 15_000);
});
