import { TRUELINK_PASSPHRASE } from '@krapao/contracts/deposit';
import type { TDepositLookup } from '@krapao/contracts/lookup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { TruemoneySection } from './truemoney-section';

const AUTO = { mode: 'AUTO', walletAccountName: 'Krapao Wallet', walletAccountNo: '0812345678' };
const GIFT = { mode: 'gift', walletAccountName: 'Krapao Gift' };
const LINK = 'https://gift.truemoney.com/campaign/?v=abc123';

function renderSection(
  handlers: Record<string, MockHandler> = {},
  wallets: TDepositLookup['wallets'] = [AUTO, GIFT],
  minimumDeposit = 1,
) {
  const api = mockFetch(handlers);
  const onDone = vi.fn();
  renderAt(<TruemoneySection wallets={wallets} minimumDeposit={minimumDeposit} onDone={onDone} />, '/user/home');
  return { api, onDone, user: userEvent.setup() };
}

const decrypt = (cipher: string) => AES.decrypt(cipher, TRUELINK_PASSPHRASE).toString(Utf8);

describe('TrueMoney section', () => {
  it('shows the AUTO wallet with its name, grouped number, copy and the automatic-credit instruction', () => {
    renderSection();
    const auto = screen.getByTestId('truewallet-auto');
    expect(auto.textContent).toContain('Krapao Wallet');
    expect(within(auto).getByTestId('truewallet-number').textContent).toBe('081-234-5678');
    expect(within(auto).getByTestId('truewallet-copy')).toBeTruthy();
    expect(auto.textContent).toContain('Send from your registered phone number');
    expect(auto.textContent).toContain('credited automatically');
  });

  it('states the 2 baht minimum when the house minimum is lower', () => {
    renderSection();
    expect(screen.getByTestId('truewallet-minimum').textContent).toBe('Minimum TrueMoney deposit 2 baht');
  });

  it('raises the stated minimum to the deposit lookup minimum', () => {
    renderSection({}, [GIFT], 20);
    expect(screen.getByTestId('truewallet-minimum').textContent).toBe('Minimum TrueMoney deposit 20 baht');
  });

  it('has no link form when every wallet is AUTO', () => {
    renderSection({}, [AUTO]);
    expect(screen.queryByTestId('truelink-input')).toBeNull();
  });

  it('renders nothing when there is no wallet', () => {
    renderSection({}, []);
    expect(screen.queryByTestId('truewallet-section')).toBeNull();
  });

  it('keeps send disabled while the link is empty or blank', async () => {
    const { user } = renderSection({}, [GIFT]);
    const send = screen.getByTestId('truelink-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.type(screen.getByTestId('truelink-input'), '   ');
    expect(send.disabled).toBe(true);
    await user.type(screen.getByTestId('truelink-input'), LINK);
    expect(send.disabled).toBe(false);
  });

  it('posts the link encrypted (not the plain URL) with an Idempotency-Key; success shows link-sent and calls onDone', async () => {
    const { api, user, onDone } = renderSection({
      'POST /api/wallet/truelink': { body: { message: 'SUCCESS', amount: 50 } },
    });
    await user.type(screen.getByTestId('truelink-input'), `  ${LINK} `);
    await user.click(screen.getByTestId('truelink-send'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [call] = api.callsTo('POST', '/api/wallet/truelink');
    const body = call?.body as { link: string };
    expect(Object.keys(body)).toEqual(['link']);
    expect(body.link).not.toContain('gift.truemoney.com');
    expect(atob(body.link).startsWith('Salted__')).toBe(true);
    expect(decrypt(body.link)).toBe(LINK);
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
    expect(await screen.findByText('Gift link sent. 50.00 has been added to your wallet.')).toBeTruthy();
    expect((screen.getByTestId('truelink-input') as HTMLInputElement).value).toBe('');
  });

  it.each([
    ['TRUELINK_DUPLICATE', 409, 'This gift link has already been used'],
    ['TRUELINK_INVALID', 400, 'Invalid TrueMoney gift link'],
    ['BONUS_REMAINING', 409, 'You still have an unfinished bonus'],
  ])('shows %s translated and does not finish', async (code, status, text) => {
    const { user, onDone } = renderSection({ 'POST /api/wallet/truelink': { status, body: { message: code } } });
    await user.type(screen.getByTestId('truelink-input'), LINK);
    await user.click(screen.getByTestId('truelink-send'));
    expect((await screen.findByRole('alert')).textContent).toContain(text);
    expect(onDone).not.toHaveBeenCalled();
  });
});
