import { settingsPaths, type THouseEntry, type TSettingsPage } from '@krapao/contracts/ops/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { AccountsSection } from './accounts-section';

const account = (bankCode: string, bankAccountNo: string, dailyCap: number | null): THouseEntry => ({
  bankCode,
  bankType: 'BANK',
  mode: 'SLIP',
  bankAccountName: 'KRAPAO CO., LTD.',
  bankAccountNo,
  currency: 'BAHT',
  isEnabled: true,
  dailyCap,
});

const PAGE: TSettingsPage = {
  active: true,
  registerOTP: false,
  enableChatWidget: false,
  deposit: {
    banks: [
      account('SCB', '4071234567', 1_000),
      { ...account('WW', '', null), bankType: 'PAYMENT', mode: 'AUTO' },
      account('KBANK', '0591234567', null),
      account('GSB', '0201234567', 500),
    ],
    wallets: [],
    isManual: false,
  },
  depositMinimums: {},
  withdrawRules: {},
  slip: { closeStart: '23:50', closeEnd: '00:10' },
  lastChanges: {},
  receivedToday: [1_250.5, null, 250, 120],
  bankChoices: [{ code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' }],
};

afterEach(() => vi.unstubAllGlobals());

const rowOf = async (accountNo: string) => {
  const rows = await screen.findAllByTestId('house-account');
  const row = rows.find((r) => r.textContent?.includes(accountNo));
  if (!row) throw new Error(`no row for ${accountNo}`);
  return row;
};

describe('the receiving accounts section', () => {
  it('shows what each account received today against its cap, and which reached it', async () => {
    renderWith(<AccountsSection page={PAGE} />);
    expect(screen.getByRole('columnheader', { name: 'Received today / cap' })).toBeTruthy();

    const scb = within(await rowOf('4071234567')).getByTestId('received-today');
    expect(scb.textContent).toContain('1,250.5 BAHT / 1,000');
    expect(within(scb).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(scb.textContent).toContain('Cap reached: hidden from members until midnight');

    const gsb = within(await rowOf('0201234567')).getByTestId('received-today');
    expect(gsb.textContent).toContain('120 BAHT / 500');
    expect(within(gsb).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('24');
    expect(gsb.textContent).not.toContain('Cap reached');

    const kbank = within(await rowOf('0591234567')).getByTestId('received-today');
    expect(kbank.textContent).toBe('250 BAHT · No cap');
    expect(within(kbank).queryByRole('progressbar')).toBeNull();
  });

  it('the edit form shows the day so far; a save sends the setting without the figures', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, PAGE));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<AccountsSection page={PAGE} />);
    await userEvent.click(within(await rowOf('0201234567')).getByRole('button', { name: 'Edit' }));
    let dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('form-received-today').textContent).toBe('Received today: 120 BAHT');
    await userEvent.clear(within(dialog).getByLabelText('Daily receive cap'));
    await userEvent.type(within(dialog).getByLabelText('Daily receive cap'), '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'lower the GSB cap');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(settingsPaths.deposit);
    const body = JSON.parse(String(init.body));
    expect(body.value.banks[3]).toEqual({ ...PAGE.deposit.banks[3], dailyCap: 100 });
    expect(body.value).not.toHaveProperty('receivedToday');
    expect(body).not.toHaveProperty('receivedToday');
  });

  it('adding an account shows no figure for it yet', async () => {
    renderWith(<AccountsSection page={PAGE} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add an account' }));
    expect(within(screen.getByRole('dialog')).queryByTestId('form-received-today')).toBeNull();
  });
});
