import { settingsPaths, type TSettingsPage } from '@krapao/contracts/ops/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageServer, putsOf } from '../../../test/page-server';
import { renderWith } from '../../../test/render';
import { SettingsPage } from './settings-page';

const PAGE: TSettingsPage = {
  active: true,
  registerOTP: false,
  enableChatWidget: false,
  deposit: {
    banks: [
      {
        bankCode: 'SCB',
        bankType: 'BANK',
        mode: 'AUTO',
        bankAccountName: 'KRAPAO CO., LTD.',
        bankAccountNo: '4071234567',
        currency: 'BAHT',
        isEnabled: true,
        dailyCap: null,
      },
      {
        bankCode: 'WW',
        bankType: 'PAYMENT',
        mode: 'AUTO',
        bankAccountName: 'KRAPAO CO., LTD.',
        bankAccountNo: '',
        currency: 'BAHT',
        isEnabled: true,
        dailyCap: null,
      },
    ],
    wallets: [{ mode: 'AUTO', walletAccountName: 'KRAPAO WALLET', walletAccountNo: '0612345678' }],
    isManual: false,
  },
  depositMinimums: { BAHT: 1, LAK: 1000 },
  withdrawRules: {},
  slip: { closeStart: '23:50', closeEnd: '00:10' },
  lastChanges: { active: { at: '2026-03-01T05:00:00.000Z', staffName: 'Nok' } },
  receivedToday: [0, null],
  bankChoices: [
    { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'Siam Commercial Bank' },
    { code: 'KTB', nameTH: 'กรุงไทย', nameEN: 'Krungthai Bank' },
  ],
};

const server = () => pageServer(settingsPaths.page, PAGE);
const puts = putsOf;

afterEach(() => vi.unstubAllGlobals());

describe('the settings page', () => {
  it('shows each switch with who changed it last', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<SettingsPage />, '/settings');
    const site = await screen.findByTestId('switch-active');
    expect(site.textContent).toContain('Open to members');
    expect(within(site).getByTestId('last-change').textContent).toMatch(/Changed by Nok/);
    expect(within(await screen.findByTestId('switch-registerOTP')).getByTestId('last-change').textContent).toBe(
      'Not changed from the console yet',
    );
  });

  it('closes the site only with a reason, after a warning', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<SettingsPage />, '/settings');
    await userEvent.click(
      within(await screen.findByTestId('switch-active')).getByRole('button', { name: 'Close the site' }),
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('The console keeps working');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Say why/)).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'system upgrade');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(fetchMock)).toEqual([[settingsPaths.active, { value: false, reason: 'system upgrade' }]]);
  });

  it('refuses a duplicate account number before asking for a reason, and saves a new account', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<SettingsPage />, '/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Add an account' }));
    let dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Account number'), '4071234567');
    await userEvent.type(within(dialog).getByLabelText('Account name'), 'KRAPAO CO., LTD.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('This account number is already listed')).toBeTruthy();

    await userEvent.clear(within(dialog).getByLabelText('Account number'));
    await userEvent.type(within(dialog).getByLabelText('Account number'), '9876543210');
    await userEvent.selectOptions(within(dialog).getByLabelText('Bank'), 'KTB');
    await userEvent.type(within(dialog).getByLabelText('Daily receive cap'), '500000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog', { name: 'Add an account' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'new KTB account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const [[url, body]] = puts(fetchMock) as [[string, { value: TSettingsPage['deposit']; reason: string }]];
    expect(url).toBe(settingsPaths.deposit);
    expect(body.reason).toBe('new KTB account');
    expect(body.value.banks).toHaveLength(3);
    expect(body.value.banks[2]).toMatchObject({ bankCode: 'KTB', bankAccountNo: '9876543210', dailyCap: 500_000 });
  });

  it('refuses a withdrawal maximum below the minimum and a slip time not in HH:mm', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<SettingsPage />, '/settings');
    const withdraw = await screen.findByTestId('withdraw-form');
    await userEvent.clear(within(withdraw).getByLabelText('Smallest withdrawal'));
    await userEvent.type(within(withdraw).getByLabelText('Smallest withdrawal'), '500');
    await userEvent.click(within(withdraw).getByRole('button', { name: 'Continue' }));
    expect(await within(withdraw).findByText('The largest withdrawal cannot be below the smallest')).toBeTruthy();
    const slip = screen.getByTestId('slip-form');
    await userEvent.clear(within(slip).getByLabelText('Closes at (HH:mm)'));
    await userEvent.type(within(slip).getByLabelText('Closes at (HH:mm)'), '9:5');
    await userEvent.click(within(slip).getByRole('button', { name: 'Continue' }));
    expect(await within(slip).findByText(/Write the time as HH:mm/)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts(fetchMock)).toEqual([]);
  });
});
