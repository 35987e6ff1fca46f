import type { TDepositLookup } from '@krapao/contracts/lookup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { publishMemberLive } from '../../../lib/member-live';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import type { DepositBank } from '../lib/deposit-channels';
import { DepositModal } from './deposit-modal';
import { noQr, openQr } from './qr-testing';

const bank = (bankCode: string, extra: Partial<DepositBank> = {}): DepositBank => ({
  bankCode,
  bankType: 'BANK',
  mode: 'AUTO',
  bank: { nameTH: `ธนาคาร ${bankCode}`, nameEN: `${bankCode} Bank` },
  bankAccountName: `HOUSE ${bankCode}`,
  bankAccountNo: '0591234567',
  currency: 'BAHT',
  ...extra,
});
const gateway = (bankCode: string) => bank(bankCode, { bankType: 'PAYMENT', bankAccountNo: '', bankAccountName: '' });

const LOOKUP: TDepositLookup = {
  banks: [
    gateway('KBANK'),
    bank('SCB'),
    gateway('WW'),
    bank('GSB', { mode: 'MANUAL', bankAccountNo: '020123456789' }),
    gateway('PAYTIMZ'),
    gateway('OTHERPAY'),
  ],
  wallets: [{ mode: 'AUTO', walletAccountName: 'KRAPAO WALLET', walletAccountNo: '0891234567' }],
  isManual: false,
  minimumDeposit: 300,
};

function renderModal(handlers: Record<string, MockHandler> = {}, notice?: ReactNode) {
  const api = mockFetch({
    'GET /api/lookup/deposit': { body: LOOKUP },
    'GET /api/qrcode/KBANK': noQr(),
    'GET /api/qrcode/WW': noQr(),
    'GET /api/qrcode/PAYTIMZ': noQr(),
    ...handlers,
  });
  const onClose = vi.fn();
  renderAt(<DepositModal open onClose={onClose} notice={notice} />, '/user/home');
  return { api, onClose };
}

const follows = (a: HTMLElement, b: HTMLElement) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('deposit modal', () => {
  it('shows one QR panel per gateway and the other entries as accounts to transfer to', async () => {
    const { api } = renderModal();
    const modal = screen.getByTestId('deposit-modal');
    expect(await within(modal).findByTestId('qr-panel-KBANK')).toBeTruthy();
    expect(within(modal).getByTestId('qr-panel-WW')).toBeTruthy();
    expect(within(modal).getByTestId('qr-panel-PAYTIMZ')).toBeTruthy();
    expect(within(modal).queryByTestId('qr-panel-OTHERPAY')).toBeNull();
    for (const code of ['KBANK', 'WW', 'PAYTIMZ', 'OTHERPAY']) {
      expect(within(modal).queryByTestId(`bank-account-${code}`)).toBeNull();
    }
    await waitFor(() => expect(api.callsTo('GET', '/api/qrcode/PAYTIMZ')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/qrcode/KBANK')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/qrcode/WW')).toHaveLength(1);
    expect(api.calls.some((c) => c.path === '/api/qrcode/OTHERPAY')).toBe(false);

    const scb = within(modal).getByTestId('bank-account-SCB');
    expect(scb.textContent).toContain('SCB Bank');
    expect(scb.textContent).toContain('HOUSE SCB');
    expect(scb.textContent).toContain('059-123-4567');
    expect(within(scb).getByTestId('bank-mode-SCB').textContent).toBe('Auto credit');
    const gsb = within(modal).getByTestId('bank-account-GSB');
    expect(gsb.textContent).toContain('020123456789');
    expect(within(gsb).getByTestId('bank-mode-GSB').textContent).toBe('Checked by staff');
    expect(scb.textContent).not.toContain('THB');
  });

  it('orders QR, accounts, TrueMoney, slip upload, then the rules with the minimum from the lookup', async () => {
    renderModal();
    const qr = await screen.findByTestId('qr-panel-PAYTIMZ');
    const account = screen.getByTestId('bank-account-GSB');
    const wallet = screen.getByTestId('truewallet-section');
    const slip = screen.getByTestId('slip-section');
    const rules = screen.getByTestId('deposit-rules');
    expect(follows(qr, account) && follows(account, wallet) && follows(wallet, slip) && follows(slip, rules)).toBe(
      true,
    );
    expect(screen.getByTestId('deposit-rule-minimum').textContent).toBe('The minimum deposit is 300.00 THB.');
    expect(rules.textContent).toContain('within 1 minute');
    expect(rules.textContent).toContain('within 1 hour');
    expect(rules.textContent).toContain('one deposit only');
    expect(rules.textContent).toContain('bonus must be ended');
    expect(screen.queryByTestId('notice-form')).toBeNull();
  });

  it('adds the manual transfer notice when isManual, and shows currencies when they differ', async () => {
    renderModal({
      'GET /api/lookup/deposit': {
        body: { ...LOOKUP, isManual: true, banks: [bank('SCB'), bank('BCEL', { currency: 'LAK' })] },
      },
    });
    expect(await screen.findByTestId('notice-form')).toBeTruthy();
    expect(screen.getByTestId('bank-account-BCEL').textContent).toContain('LAK');
    expect(screen.getByTestId('bank-account-SCB').textContent).toContain('THB');
  });

  it('with every bank account at its daily cap (none in the lookup): QR, TrueMoney and slips only', async () => {
    renderModal({
      'GET /api/lookup/deposit': { body: { ...LOOKUP, banks: LOOKUP.banks.filter((b) => b.bankType === 'PAYMENT') } },
    });
    expect(await screen.findByTestId('qr-panel-KBANK')).toBeTruthy();
    expect(screen.queryByText('Transfer to our bank account')).toBeNull();
    expect(screen.queryByTestId('bank-account-SCB')).toBeNull();
    expect(screen.queryByText(/No deposit channel is open/)).toBeNull();
    expect(screen.getByTestId('truewallet-section')).toBeTruthy();
    expect(screen.getByTestId('slip-section')).toBeTruthy();
    expect(screen.getByTestId('deposit-rule-minimum').textContent).toBe('The minimum deposit is 300.00 THB.');
  });

  it('transfer done on a QR closes it with changed = true; the close button with false', async () => {
    const { onClose } = renderModal({ 'GET /api/qrcode/WW': openQr(200, 600) });
    fireEvent.click(await screen.findByTestId('qr-done-WW'));
    expect(onClose).toHaveBeenCalledWith(true);
    fireEvent.click(within(screen.getByTestId('deposit-modal')).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenLastCalledWith(false);
  });

  it('a failed lookup offers a reload', async () => {
    const { api } = renderModal({
      'GET /api/lookup/deposit': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } },
    });
    const failed = await screen.findByTestId('deposit-load-failed');
    fireEvent.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/deposit')).toHaveLength(2));
  });

  it('the notice above the methods (the first-deposit limit offer) leaves once the shown QR is paid', async () => {
    const offer = <aside data-testid="deposit-limit-offer">Set a deposit limit?</aside>;
    renderModal({ 'GET /api/qrcode/WW': openQr(200, 600, 'q-first') }, offer);
    await screen.findByTestId('qr-image-WW');
    expect(screen.getByTestId('deposit-limit-offer')).toBeTruthy();
    act(() => publishMemberLive({ kind: 'withdraw-refused', amount: 200 }));
    expect(screen.getByTestId('deposit-limit-offer')).toBeTruthy();

    act(() => publishMemberLive({ kind: 'deposit', amount: 200, qrcodeId: 'q-first' }));
    expect(await screen.findByTestId('qr-paid-WW')).toBeTruthy();
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull();
  });

  it('money arriving by another channel also ends the notice', async () => {
    const offer = <aside data-testid="deposit-limit-offer">Set a deposit limit?</aside>;
    renderModal({}, offer);
    await screen.findByTestId('qr-panel-KBANK');
    act(() => publishMemberLive({ kind: 'deposit', amount: 500 }));
    expect(screen.queryByTestId('deposit-limit-offer')).toBeNull();
  });
});
