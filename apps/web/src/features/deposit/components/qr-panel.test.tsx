import type { QrGateway } from '@krapao/contracts/deposit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { QrPanel } from './qr-panel';
import { noQr, openQr } from './qr-testing';

function renderPanels(codes: QrGateway[], handlers: Record<string, MockHandler> = {}) {
  const api = mockFetch({
    'GET /api/qrcode/KBANK': noQr(),
    'GET /api/qrcode/WW': noQr(),
    'GET /api/qrcode/PAYTIMZ': noQr(),
    ...handlers,
  });
  const onDone = vi.fn();
  renderAt(
    <div>
      {codes.map((code) => (
        <QrPanel key={code} bankCode={code} onDone={onDone} />
      ))}
    </div>,
    '/user/home',
  );
  return { api, onDone };
}

const amountField = (code: string) => screen.findByTestId(`qr-amount-${code}`) as Promise<HTMLInputElement>;
const createButton = (code: string) => screen.getByTestId(`qr-create-${code}`) as HTMLButtonElement;
const setAmount = async (code: string, value: string) =>
  fireEvent.input(await amountField(code), { target: { value } });

describe('QR panel: start', () => {
  it('each panel fetches its own gateway; an existing QR shows with its amount and no create', async () => {
    const { api } = renderPanels(['KBANK', 'WW', 'PAYTIMZ'], { 'GET /api/qrcode/WW': openQr(100, 90) });
    const image = (await screen.findByTestId('qr-image-WW')) as HTMLImageElement;
    expect(image.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(screen.getByTestId('qr-value-WW').textContent).toBe('100.00');
    expect(await amountField('KBANK')).toBeTruthy();
    expect(await amountField('PAYTIMZ')).toBeTruthy();
    for (const code of ['KBANK', 'WW', 'PAYTIMZ']) expect(api.callsTo('GET', `/api/qrcode/${code}`)).toHaveLength(1);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('QR panel: amounts and create rules', () => {
  it('shows each gateway quick amounts; a quick amount fills the field', async () => {
    renderPanels(['KBANK', 'WW', 'PAYTIMZ']);
    const labels = (code: string) =>
      within(screen.getByTestId(`qr-panel-${code}`))
        .getAllByRole('button', { pressed: false })
        .map((b) => b.textContent);
    await amountField('PAYTIMZ');
    expect(labels('KBANK')).toEqual(['10', '20', '50', '100', '500', '1,000']);
    expect(labels('WW')).toEqual(['100', '200', '300', '500', '1,000']);
    expect(labels('PAYTIMZ')).toEqual(['10', '50', '100', '500', '1,000']);
    fireEvent.click(screen.getByTestId('qr-quick-KBANK-50'));
    expect((await amountField('KBANK')).value).toBe('50');
    expect(screen.getByTestId('qr-quick-KBANK-50').getAttribute('aria-pressed')).toBe('true');
  });

  it('disables create: KBANK at 0, WW below 100, PAYTIMZ below 10', async () => {
    renderPanels(['KBANK', 'WW', 'PAYTIMZ']);
    const cases: [QrGateway, string, boolean][] = [
      ['KBANK', '', true],
      ['KBANK', '0', true],
      ['KBANK', '0.5', false],
      ['WW', '99', true],
      ['WW', '100', false],
      ['PAYTIMZ', '9', true],
      ['PAYTIMZ', '10', false],
    ];
    for (const [code, value, disabled] of cases) {
      await setAmount(code, value);
      expect(createButton(code).disabled, `${code} ${value}`).toBe(disabled);
    }
  });

  it('ignores a create below 1 (no call) and says why', async () => {
    const { api } = renderPanels(['KBANK'], { 'POST /api/qrcode/KBANK': openQr(1, 600) });
    await setAmount('KBANK', '0.5');
    fireEvent.click(createButton('KBANK'));
    expect(await screen.findByText('A QR code is for 1.00 or more')).toBeTruthy();
    await setAmount('KBANK', '1');
    fireEvent.click(createButton('KBANK'));
    await screen.findByTestId('qr-image-KBANK');
    expect(api.callsTo('POST', '/api/qrcode/KBANK').map((c) => c.body)).toEqual([{ amount: 1 }]);
  });
});

describe('QR panel: create', () => {
  it('sends {amount} with an Idempotency-Key and shows the QR', async () => {
    const { api } = renderPanels(['KBANK'], { 'POST /api/qrcode/KBANK': openQr(100, 600) });
    await setAmount('KBANK', '100');
    fireEvent.click(createButton('KBANK'));
    expect(await screen.findByTestId('qr-image-KBANK')).toBeTruthy();
    const [call] = api.callsTo('POST', '/api/qrcode/KBANK');
    expect(call?.body).toEqual({ amount: 100 });
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
    expect(screen.getByTestId('qr-value-KBANK').textContent).toBe('100.00');
    expect(screen.queryByTestId('qr-amount-KBANK')).toBeNull();
  });

  it('makes the other gateways fetch theirs again', async () => {
    const { api } = renderPanels(['KBANK', 'WW', 'PAYTIMZ'], { 'POST /api/qrcode/KBANK': openQr(100, 600) });
    await setAmount('KBANK', '100');
    await waitFor(() => expect(api.callsTo('GET', '/api/qrcode/PAYTIMZ')).toHaveLength(1));
    fireEvent.click(createButton('KBANK'));
    await screen.findByTestId('qr-image-KBANK');
    await waitFor(() => expect(api.callsTo('GET', '/api/qrcode/WW')).toHaveLength(2));
    await waitFor(() => expect(api.callsTo('GET', '/api/qrcode/PAYTIMZ')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/qrcode/KBANK')).toHaveLength(1);
  });

  it('a refused create (hasQrcode false) keeps the amount entry and toasts the server message', async () => {
    renderPanels(['KBANK'], {
      'POST /api/qrcode/KBANK': { body: { ...noQr().body, message: 'busy' } },
    });
    await setAmount('KBANK', '100');
    fireEvent.click(createButton('KBANK'));
    expect((await screen.findByText('busy')).dataset.testid).toBe('toast-danger');
    expect(screen.getByTestId('qr-amount-KBANK')).toBeTruthy();
    expect(screen.queryByTestId('qr-image-KBANK')).toBeNull();
  });

  it('an error answer is translated through the errors catalogue', async () => {
    renderPanels(['WW'], { 'POST /api/qrcode/WW': { status: 502, body: { message: 'QR_FAIL' } } });
    await setAmount('WW', '200');
    fireEvent.click(createButton('WW'));
    const toast = await screen.findByText('Could not create the QR code. Please try again');
    expect(toast.dataset.testid).toBe('toast-danger');
    expect(screen.getByTestId('qr-amount-WW')).toBeTruthy();
  });
});

describe('QR panel: shown QR', () => {
  it('counts down mm:ss every second and goes back to the amount entry at 00:00', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    renderPanels(['KBANK'], { 'GET /api/qrcode/KBANK': openQr(100, 90) });
    const countdown = await screen.findByTestId('qr-countdown-KBANK');
    expect(countdown.textContent).toBe('01:30');
    // The ticking starts in an effect, which runs after the frame is painted.
    await waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('qr-countdown-KBANK').textContent).toBe('01:29');
    act(() => vi.advanceTimersByTime(88_000));
    expect(screen.getByTestId('qr-countdown-KBANK').textContent).toBe('00:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(await amountField('KBANK')).toBeTruthy();
    expect(screen.queryByTestId('qr-image-KBANK')).toBeNull();
  });

  it('cancel sends DELETE /api/qrcode/{qrcodeId} and goes back to the amount entry', async () => {
    const { api } = renderPanels(['PAYTIMZ'], {
      'GET /api/qrcode/PAYTIMZ': openQr(50, 600, 'qr-77'),
      'DELETE /api/qrcode/qr-77': { body: { message: 'SUCCESS' } },
    });
    fireEvent.click(await screen.findByTestId('qr-cancel-PAYTIMZ'));
    expect(await amountField('PAYTIMZ')).toBeTruthy();
    const [call] = api.callsTo('DELETE', '/api/qrcode/qr-77');
    expect(call?.headers.get('idempotency-key')).toBeTruthy();
    expect(screen.queryByTestId('qr-image-PAYTIMZ')).toBeNull();
  });

  it('transfer done toasts to refresh the balance and reports done', async () => {
    const { onDone } = renderPanels(['KBANK'], { 'GET /api/qrcode/KBANK': openQr(100, 600) });
    fireEvent.click(await screen.findByTestId('qr-done-KBANK'));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect((await screen.findByText(/Refresh your balance/)).dataset.testid).toBe('toast-success');
  });
});
