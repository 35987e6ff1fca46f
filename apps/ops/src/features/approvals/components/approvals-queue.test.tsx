import { approvalsPaths, type TApproval } from '@krapao/contracts/ops/approvals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { ApprovalsQueue } from './approvals-queue';

const IMAGE = '/api/ops/slips/image/ref9?exp=1772366400&sig=abc';
const slipCredit: TApproval = {
  id: 12,
  kind: 'slip-credit',
  memberId: 100_009,
  memberUsername: '0812345679',
  amount: 2500,
  currency: 'BAHT',
  reason: 'seen on the KBank statement',
  bankAccount: null,
  slip: { slipId: 9, reference: 'ref9', sendingBank: '014', transRef: 'T0123456789AB', imageUrl: IMAGE },
  status: 'pending',
  requestedBy: 1,
  requestedByName: 'Alice',
  decidedBy: null,
  decidedAt: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

describe('the approvals queue', () => {
  it('shows a slip credit with its bank transfer and slip image link, and approves it on its own path', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? jsonResponse(200, { approval: { ...slipCredit, status: 'booked' } })
        : jsonResponse(200, { items: url.startsWith(approvalsPaths.list) ? [slipCredit] : [] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ApprovalsQueue meId={2} permissions={['money.adjust.approve']} />, '/approvals');
    const row = await screen.findByTestId('approval-row');
    expect(row.textContent).toContain('Credit slip 9 by hand: 2500 BAHT to 0812345679');
    const slip = within(row).getByTestId('approval-slip');
    expect(slip.textContent).toContain('Bank transfer 014 / T0123456789AB');
    expect(within(slip).getByRole('link', { name: 'Open the slip image' }).getAttribute('href')).toBe(IMAGE);

    await userEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'statement checked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe(approvalsPaths.slipCreditApprove.replace(':approvalId', '12'));
  }, 15_000);

  it('lets the requester see the request but not decide it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { items: [slipCredit] })),
    );
    renderWith(<ApprovalsQueue meId={1} permissions={['money.adjust.approve']} />, '/approvals');
    const row = await screen.findByTestId('approval-row');
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(row.textContent).toContain('Your request');
  }, 15_000);
});
