import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, setToken } from '../../../lib/storage';
import { sockets } from '../../../test/fake-socket';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { openWidget, serverMessage, text } from '../testing';
import { ChatWidgetSlot } from './chat-widget-slot';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

afterEach(() => {
  sockets.length = 0;
});

const GUEST = /^guest-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the chat widget slot', () => {
  it('shows the widget only when GET /api/lookup/enableChatWidget says so', async () => {
    mockFetch({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: false } } });
    const off = renderAt(<ChatWidgetSlot />, '/contact');
    await waitFor(() => expect(off.queryClient.getQueryData(['lookup', 'enableChatWidget'])).toBeTruthy());
    expect(screen.queryByTestId('chat-launcher')).toBeNull();
    off.unmount();
    mockFetch({ 'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } } });
    renderAt(<ChatWidgetSlot />, '/contact');
    expect(await screen.findByTestId('chat-launcher')).toBeTruthy();
  });

  it('invites with a greeting shortly after load, then expands and collapses', async () => {
    mockFetch({
      'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } },
      'GET /api/chat/config': { body: { PREFIX: 'krapao-chat' } },
      'POST /api/chat/history': { body: { messages: [], total: 0 } },
    });
    renderAt(<ChatWidgetSlot />, '/contact');
    await screen.findByTestId('chat-launcher');
    expect(screen.queryByTestId('chat-invite')).toBeNull();
    expect(await screen.findByTestId('chat-invite', {}, { timeout: 3_000 })).toHaveProperty(
      'textContent',
      expect.stringContaining('Need any help?'),
    );
    const user = userEvent.setup();
    await user.click(screen.getByTestId('chat-launcher'));
    expect(screen.getByTestId('chat-panel').className).toContain('flex');
    expect(screen.queryByTestId('chat-invite')).toBeNull();
    expect(await screen.findByTestId('chat-welcome')).toBeTruthy();
    await user.click(screen.getByTestId('chat-close'));
    expect(screen.getByTestId('chat-panel').className).toContain('hidden');
    expect(screen.getByTestId('chat-launcher')).toBeTruthy();
  });
});

describe('a visitor', () => {
  it('chats as a stored guest id: history {guestId, limit 10, skip 0} without userId', async () => {
    const { api } = await openWidget();
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(1));
    const guestId = localStorage.getItem(STORAGE_KEYS.guestId);
    expect(guestId).toMatch(GUEST);
    expect(api.callsTo('POST', '/api/chat/history')[0]?.body).toEqual({ guestId, limit: 10, skip: 0 });
  });

  it('joins the socket room PREFIX:guestId and re-checks every 5 s while disconnected', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openWidget();
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    const guestId = localStorage.getItem(STORAGE_KEYS.guestId);
    await waitFor(() => expect(socket.emitted[0]?.slice(0, 2)).toEqual(['join', `krapao-chat:${guestId}`]));
    socket.connected = false;
    act(() => {
      vi.advanceTimersByTime(4_900);
    });
    expect(socket.emitted).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(socket.connected).toBe(true);
    expect(socket.emitted).toHaveLength(2);
    expect(socket.emitted[1]?.[1]).toBe(`krapao-chat:${guestId}`);
  });

  it('appends messaging events as they arrive and marks read 1 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await openWidget({}, [serverMessage({ message: text('earlier') })]);
    await screen.findByText('earlier');
    act(() => {
      vi.advanceTimersByTime(900);
    });
    expect(api.callsTo('PUT', '/api/chat/read-customer/')).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(api.callsTo('PUT', '/api/chat/read-customer/')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/chat/read-customer/')[0]?.body).toEqual({
      guestId: localStorage.getItem(STORAGE_KEYS.guestId),
    });
    await waitFor(() => expect(sockets).toHaveLength(1));
    const live = serverMessage({ message: text('just now') });
    act(() => sockets[0]!.fire('messaging', live));
    act(() => sockets[0]!.fire('messaging', live));
    expect(await screen.findByText('just now')).toBeTruthy();
    expect(screen.getAllByText('just now')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    await waitFor(() => expect(api.callsTo('PUT', '/api/chat/read-customer/')).toHaveLength(2));
  });
});

describe('a signed-in member', () => {
  it('chats as the profile _id with the token, naming the former guest id', async () => {
    localStorage.setItem(STORAGE_KEYS.guestId, 'guest-f47ac10b-58cc-4372-a567-0e02b2c3d479');
    setToken('member-token', true);
    const { api } = await openWidget({
      'GET /api/account/profile': { body: { profile: { _id: '100001' }, bankAccount: null } },
    });
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(1));
    const [call] = api.callsTo('POST', '/api/chat/history');
    expect(call?.body).toEqual({
      userId: '100001',
      guestId: 'guest-f47ac10b-58cc-4372-a567-0e02b2c3d479',
      limit: 10,
      skip: 0,
    });
    expect(call?.headers.get('authorization')).toBe('Bearer member-token');
    await waitFor(() => expect(sockets[0]?.emitted[0]?.[1]).toBe('krapao-chat:100001'));
  });

  it('hands back the guest proof this browser session kept, so only that guest chat joins theirs', async () => {
    const proof = '1795662990.S3bgJGUvuMuttOD4R6tRWK6zTJ3j_OVQq6mdsLKEUvU';
    const guest = await openWidget({
      'POST /api/chat/history': { body: { messages: [], total: 0, guestProof: proof } },
    });
    await waitFor(() => expect(guest.api.callsTo('POST', '/api/chat/history')).toHaveLength(1));
    await waitFor(() => expect(sessionStorage.getItem('krapao.chatGuestProof')).toBe(proof));
    expect(localStorage.getItem('krapao.chatGuestProof')).toBeNull();
    guest.view.unmount();

    setToken('member-token', true);
    const { api } = await openWidget({
      'GET /api/account/profile': { body: { profile: { _id: '100001' }, bankAccount: null } },
    });
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/history')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/chat/history')[0]?.body).toEqual({
      userId: '100001',
      guestId: localStorage.getItem(STORAGE_KEYS.guestId),
      guestProof: proof,
      limit: 10,
      skip: 0,
    });
  });
});
