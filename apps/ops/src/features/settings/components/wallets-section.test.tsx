import { settingsPaths, type TSettingsPage } from '@krapao/contracts/ops/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { WalletsSection } from './wallets-section';

const BANK = {
  bankCode: 'SCB',
  bankType: 'BANK',
  mode: 'AUTO',
  bankAccountName: 'KRAPAO CO., LTD.',
  bankAccountNo: '4071234567',
  currency: 'BAHT',
  isEnabled: true,
  dailyCap: null,
} as const;

const PAGE: TSettingsPage = {
  active: true,
  registerOTP: false,
  enableChatWidget: false,
  deposit: {
    banks: [BANK],
    wallets: [{ mode: 'AUTO', walletAccountName: 'KRAPAO WALLET', walletAccountNo: '0612345678' }],
    isManual: false,
  },
  depositMinimums: {},
  withdrawRules: {},
  slip: { closeStart: '23:50', closeEnd: '00:10' },
  lastChanges: {},
  receivedToday: [0],
  bankChoices: [],
};

function server() {
  return vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'PUT' ? jsonResponse(200, PAGE) : jsonResponse(404, { message: 'NO_DATA' }),
  );
}
const puts = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(
      ([url, init]) =>
        [url, JSON.parse(String(init?.body))] as [string, { value: TSettingsPage['deposit']; reason: string }],
    );

async function saveWithReason(reason: string) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Reason'), reason);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the TrueMoney wallets section', () => {
  it('lists the wallets with their kind and number', () => {
    vi.stubGlobal('fetch', server());
    renderWith(<WalletsSection page={PAGE} />, '/settings');
    const [row] = screen.getAllByTestId('wallet');
    expect(row?.textContent).toContain('Transfer to wallet');
    expect(row?.textContent).toContain('0612345678');
  });

  it('asks a transfer wallet for its number, then saves a gift wallet without one and keeps the banks', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<WalletsSection page={PAGE} />, '/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Add a wallet' }));
    let dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Wallet name'), 'GIFT BOX');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('A transfer wallet needs its number')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Wallet number'), '12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('10 digits starting with 0')).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);

    await userEvent.clear(within(dialog).getByLabelText('Wallet number'));
    await userEvent.selectOptions(within(dialog).getByLabelText('Kind'), 'gift');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    dialog = await screen.findByRole('dialog', { name: 'Add a wallet' });
    await saveWithReason('gift links for promo');
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const [url, body] = puts(fetchMock)[0]!;
    expect(url).toBe(settingsPaths.deposit);
    expect(body.reason).toBe('gift links for promo');
    expect(body.value.banks).toEqual([BANK]);
    expect(body.value.wallets).toEqual([PAGE.deposit.wallets[0], { mode: 'gift', walletAccountName: 'GIFT BOX' }]);
  });

  it('edits and removes a wallet, each with a reason', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<WalletsSection page={PAGE} />, '/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Edit the wallet' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Wallet number'));
    await userEvent.type(within(dialog).getByLabelText('Wallet number'), '0899999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await saveWithReason('new phone');
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)[0]?.[1].value.wallets).toEqual([
      { mode: 'AUTO', walletAccountName: 'KRAPAO WALLET', walletAccountNo: '0899999999' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await saveWithReason('wallet closed');
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(2));
    expect(puts(fetchMock)[1]?.[1].value.wallets).toEqual([]);
  });
});
