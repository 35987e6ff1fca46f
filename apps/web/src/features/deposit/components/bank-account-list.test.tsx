import { BANK_NAME_COPY_DELAY_MS } from '@krapao/contracts/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import type { DepositBank } from '../lib/deposit-channels';
import { BankAccountList } from './bank-account-list';

const HOUSE: DepositBank = {
  bankCode: 'SCB',
  bankType: 'BANK',
  mode: 'AUTO',
  bank: { nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
  bankAccountName: 'KRAPAO CO LTD',
  bankAccountNo: '0591234567',
  currency: 'BAHT',
};

const profile = (bankCode: string, bankAccountName: string) => ({
  profile: { _id: '1', username: '0812345678', name: 'Somchai', createdAt: '2024-01-01T00:00:00Z', coin: 0 },
  bankAccount: {
    bank: { nameTH: 'กรุงไทย', nameEN: 'Krungthai' },
    bankCode,
    bankAccountName,
    bankAccountNo: '1112223334',
  },
});

function stubClipboard(fails = false) {
  const writeText = fails ? vi.fn().mockRejectedValue(new Error('denied')) : vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

/** Each test copies its own number: toasts of an earlier test may still be on screen. */
function renderList(member: ReturnType<typeof profile>, bankAccountNo = HOUSE.bankAccountNo) {
  const api = mockFetch({
    'GET /api/account/profile': { body: member },
    'PUT /api/account/bankAccountName': (body) => ({
      body: { message: 'SUCCESS', bankAccount: { ...member.bankAccount, ...(body as object) } },
    }),
  });
  renderAt(<BankAccountList accounts={[{ ...HOUSE, bankAccountNo }]} showCurrency={false} />, '/user/home');
  return api;
}

const copy = () => fireEvent.click(screen.getByTestId('bank-copy-SCB'));

describe('house bank account', () => {
  it('shows bank name, holder and the number grouped 3-3-4; copy toasts the number (SCB member with a Thai name: no edit)', async () => {
    const writeText = stubClipboard();
    const api = renderList(profile('SCB', 'สมชาย ใจดี'));
    const card = screen.getByTestId('bank-account-SCB');
    expect(card.textContent).toContain('Siam Commercial Bank');
    expect(card.textContent).toContain('KRAPAO CO LTD');
    expect(within(card).getByText('059-123-4567')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', '/api/account/profile')).toHaveLength(1));
    copy();
    expect((await screen.findByText('Copied: 0591234567')).dataset.testid).toBe('toast-success');
    expect(writeText).toHaveBeenCalledWith('0591234567');
    expect(screen.queryByTestId('bank-name-modal')).toBeNull();
  });

  it("a refused clipboard toasts 'Failed to copy'", async () => {
    stubClipboard(true);
    renderList(profile('KBANK', 'SOMCHAI JAIDEE'));
    copy();
    expect((await screen.findByText('Failed to copy')).dataset.testid).toBe('toast-danger');
  });
});

describe('bank-name edit before copying', () => {
  it('is not offered for KTB with a Latin name', async () => {
    const writeText = stubClipboard();
    renderList(profile('KTB', 'SOMCHAI J'), '0590000001');
    copy();
    await screen.findByText('Copied: 0590000001');
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('bank-name-modal')).toBeNull();
  });

  it('KTB with a Thai name: asks first, refuses non-English, saves upper case, then copies after 1 s', async () => {
    const writeText = stubClipboard();
    const api = renderList(profile('KTB', 'สมชาย ใจดี'), '0590000002');
    copy();
    const modal = await screen.findByTestId('bank-name-modal');
    expect(writeText).not.toHaveBeenCalled();

    const first = within(modal).getByTestId('bank-name-first') as HTMLInputElement;
    const last = within(modal).getByTestId('bank-name-last') as HTMLInputElement;
    fireEvent.input(first, { target: { value: 'สมชาย' } });
    fireEvent.input(last, { target: { value: 'jaidee' } });
    fireEvent.click(within(modal).getByTestId('bank-name-save'));
    expect(await within(modal).findByText('Bank account name must be in English only')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/account/bankAccountName')).toHaveLength(0);
    expect(last.value).toBe('JAIDEE');

    fireEvent.input(first, { target: { value: 'somchai' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(modal).getByTestId('bank-name-save'));
    await waitFor(() => expect(screen.queryByTestId('bank-name-modal')).toBeNull());
    const [call] = api.callsTo('PUT', '/api/account/bankAccountName');
    expect(call?.body).toEqual({ bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
    expect(writeText).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(BANK_NAME_COPY_DELAY_MS));
    expect(await screen.findByText('Copied: 0590000002')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('0590000002');

    // The saved name is English now: the next copy goes straight through.
    copy();
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('bank-name-modal')).toBeNull();
  });

  it('closing the edit copies nothing', async () => {
    const writeText = stubClipboard();
    renderList(profile('BBL', 'สมชาย ใจดี'));
    copy();
    const modal = await screen.findByTestId('bank-name-modal');
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('bank-name-modal')).toBeNull();
    expect(writeText).not.toHaveBeenCalled();
  });
});
