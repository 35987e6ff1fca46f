import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { publishMemberLive, publishMemberResync } from '../../../lib/member-live';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { QrPanel } from './qr-panel';
import { noQr, openQr } from './qr-testing';

function renderPanel() {
  mockFetch({ 'GET /api/qrcode/KBANK': openQr(150, 600, 'q-shown') });
  const onDone = vi.fn();
  renderAt(<QrPanel bankCode="KBANK" onDone={onDone} />, '/user/home');
  return { onDone };
}

/** The shown QR 'q-shown', which the server no longer answers as open from its second GET on. */
async function renderEndingQr() {
  let open = true;
  const api = mockFetch({ 'GET /api/qrcode/KBANK': () => (open ? openQr(150, 600, 'q-shown') : noQr()) });
  renderAt(<QrPanel bankCode="KBANK" onDone={vi.fn()} />, '/user/home');
  await screen.findByTestId('qr-image-KBANK');
  open = false;
  return api;
}

describe('QR panel: paid while shown', () => {
  it('the live event of the shown QR turns it paid; transfer-done still closes', async () => {
    const { onDone } = renderPanel();
    await screen.findByTestId('qr-image-KBANK');
    act(() => publishMemberLive({ kind: 'deposit', amount: 150, qrcodeId: 'q-shown' }));
    const paid = await screen.findByTestId('qr-paid-KBANK');
    expect(paid.textContent).toContain('Payment received');
    expect(screen.getByTestId('qr-value-KBANK').textContent).toBe('150.00');
    expect(screen.queryByTestId('qr-image-KBANK')).toBeNull();
    expect(screen.queryByTestId('qr-cancel-KBANK')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have transferred' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('another QR’s payment, or money of another kind, leaves the shown QR as it is', async () => {
    renderPanel();
    await screen.findByTestId('qr-image-KBANK');
    act(() => {
      publishMemberLive({ kind: 'deposit', amount: 150, qrcodeId: 'q-other' });
      publishMemberLive({ kind: 'deposit', amount: 150 });
      publishMemberLive({ kind: 'withdraw-refused', amount: 150 });
    });
    expect(screen.getByTestId('qr-image-KBANK')).toBeTruthy();
    expect(screen.queryByTestId('qr-paid-KBANK')).toBeNull();
  });

  it('after a gap in the live connection asks for the QR again: one paid meanwhile is no longer offered', async () => {
    const api = await renderEndingQr();
    act(() => publishMemberResync());
    expect(await screen.findByTestId('qr-create-KBANK')).toBeTruthy();
    expect(screen.queryByTestId('qr-image-KBANK')).toBeNull();
    expect(api.callsTo('GET', '/api/qrcode/KBANK')).toHaveLength(2);
  });

  it('paid during a gap: the event the server kept turns it paid, and the re-read after the gap keeps it so', async () => {
    const api = await renderEndingQr();
    // The socket connects again: the gap's events first, then the resync (live-socket.ts).
    act(() => {
      publishMemberLive({ id: 41, kind: 'deposit', amount: 150, qrcodeId: 'q-shown' });
      publishMemberResync();
    });
    expect((await screen.findByTestId('qr-paid-KBANK')).textContent).toContain('Payment received');
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/qrcode/KBANK')).toHaveLength(2));
    expect(screen.getByTestId('qr-paid-KBANK')).toBeTruthy();
    expect(screen.queryByTestId('qr-create-KBANK')).toBeNull();
  });
});
