import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { HowtoList } from './howto-list';

const FROM_SERVER = [
  {
    id: 'wallet',
    title: 'Wallet, new edition',
    video: 'https://cdn.example.com/wallet-v2.mp4',
    poster: '/files/banners/a.png',
  },
  { id: 'enter-game', title: 'Entering a game', video: '/howto/enter-game.mp4', poster: '/howto/enter-game.jpg' },
  {
    id: 'balance-check',
    title: 'Checking your balance',
    video: '/howto/balance-check.mp4',
    poster: '/howto/balance-check.jpg',
  },
  {
    id: 'receive-bonus',
    title: 'Receiving bonuses',
    video: '/howto/receive-bonus.mp4',
    poster: '/howto/receive-bonus.jpg',
  },
  { id: 'end-bonus', title: 'Ending a bonus', video: '/howto/end-bonus.mp4', poster: '/howto/end-bonus.jpg' },
];

const items = () => screen.getAllByRole('button').filter((b) => b.dataset.testid?.startsWith('howto-item-'));

afterEach(() => vi.unstubAllGlobals());

describe('HowtoList', () => {
  it('shows the five shipped tutorials while the lookup loads, then the server titles in the same cards', async () => {
    let answer: (value: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const fetchMock = vi.fn(() => pending);
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<HowtoList />, '/howto');
    expect(items()).toHaveLength(5);
    expect(items()[0]?.textContent).toContain('Using the wallet');
    expect(items()[0]?.querySelector('img')?.getAttribute('src')).toBe('/howto/wallet.jpg');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/lookup/howto');

    answer(new Response(JSON.stringify(FROM_SERVER), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByText('Wallet, new edition')).toBeTruthy();
    expect(items()).toHaveLength(5);
    expect(items()[0]?.querySelector('img')?.getAttribute('src')).toBe('/files/banners/a.png');
  });

  it("plays the server's video address in the modal", async () => {
    mockFetch({ 'GET /api/lookup/howto': { body: FROM_SERVER } });
    renderAt(<HowtoList />, '/howto');
    await userEvent.click(await screen.findByRole('button', { name: /Wallet, new edition/ }));
    const player = await screen.findByRole('dialog', { name: 'Wallet, new edition' });
    expect(player.querySelector('video')?.getAttribute('src')).toBe('https://cdn.example.com/wallet-v2.mp4');
  });

  it('keeps the shipped tutorials when the lookup fails', async () => {
    const api = mockFetch({ 'GET /api/lookup/howto': { status: 500, body: { message: 'INTERNAL_ERROR' } } });
    renderAt(<HowtoList />, '/howto');
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/howto').length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: /Entering a game/ }));
    const player = await screen.findByRole('dialog', { name: 'Entering a game' });
    expect(player.querySelector('video')?.getAttribute('src')).toBe('/howto/enter-game.mp4');
    expect(items()).toHaveLength(5);
  });
});
