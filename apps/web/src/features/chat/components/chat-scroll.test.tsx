import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sockets } from '../../../test/fake-socket';
import { openWidget, serverMessage, text } from '../testing';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

// jsdom lays nothing out: the message list gets 100 px per message in a 400 px window, plus `grown`
// (what a picture adds once decoded).
const ROW = 100;
const VIEW = 400;
let grown = 0;
const isList = (el: HTMLElement) => el.dataset?.testid === 'chat-messages';
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? this.querySelectorAll('[data-testid="chat-message"]').length * ROW + grown : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isList(this) ? VIEW : 0;
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});
afterEach(() => {
  sockets.length = 0;
  grown = 0;
});

const all = Array.from({ length: 25 }, (_, i) =>
  serverMessage({ message: text(`m${i + 1}`), createdAt: new Date(Date.UTC(2025, 0, 1, 9, i)).toISOString() }),
);
/** The server's paging: counted back from the newest, oldest first within a page. */
const history = (body: unknown) => {
  const { skip, limit } = body as { skip: number; limit: number };
  const end = all.length - skip;
  return { body: { messages: all.slice(Math.max(0, end - limit), Math.max(0, end)), total: all.length } };
};
const texts = () => screen.getAllByTestId('chat-text').map((el) => el.textContent);
/** The widget open on the newest page of history, the reader at the bottom, its live socket connected. */
async function openAtTheBottom() {
  await openWidget({ 'POST /api/chat/history': history });
  await screen.findByText('m25');
  const list = screen.getByTestId('chat-messages');
  await waitFor(() => expect(sockets).toHaveLength(1));
  return { list, socket: sockets[0]! };
}
const scrollTo = (list: HTMLElement, top: number) => {
  list.scrollTop = top;
  fireEvent.scroll(list);
};

describe('history paging', () => {
  it('loads the next page each time the top is reached, keeping the reader’s place', async () => {
    const { api } = await openWidget({ 'POST /api/chat/history': history });
    await screen.findByText('m25');
    expect(texts()).toEqual(all.slice(15).map((_, i) => `m${i + 16}`));
    const list = screen.getByTestId('chat-messages');
    expect(list.scrollTop).toBe(10 * ROW);

    scrollTo(list, 0);
    await screen.findByText('m6');
    expect(api.callsTo('POST', '/api/chat/history').map((c) => (c.body as { skip: number }).skip)).toEqual([0, 10]);
    expect(texts()[0]).toBe('m6');
    expect(list.scrollTop).toBe(10 * ROW);

    scrollTo(list, 0);
    await screen.findByText('m1');
    expect(texts()).toHaveLength(25);
    scrollTo(list, 0);
    await act(async () => {});
    expect(api.callsTo('POST', '/api/chat/history').map((c) => (c.body as { skip: number }).skip)).toEqual([0, 10, 20]);
  });
});

describe('new messages while scrolled up', () => {
  it('two scroll events at the top in one frame ask for the older page once', async () => {
    const { api } = await openWidget({ 'POST /api/chat/history': history });
    await screen.findByText('m25');
    const list = screen.getByTestId('chat-messages');
    act(() => {
      list.scrollTop = 0;
      fireEvent.scroll(list);
      fireEvent.scroll(list);
    });
    await screen.findByText('m6');
    expect(api.callsTo('POST', '/api/chat/history').map((c) => (c.body as { skip: number }).skip)).toEqual([0, 10]);
    expect(texts().filter((t) => t === 'm15')).toHaveLength(1);
  });

  it('counts unread messages and offers a jump to the bottom', async () => {
    const { list, socket } = await openAtTheBottom();

    act(() => socket.fire('messaging', serverMessage({ message: text('at the bottom') })));
    await screen.findByText('at the bottom');
    expect(screen.queryByTestId('chat-unread')).toBeNull();

    scrollTo(list, 2 * ROW);
    act(() => socket.fire('messaging', serverMessage({ message: text('while up 1') })));
    act(() => socket.fire('messaging', serverMessage({ message: text('while up 2') })));
    act(() => socket.fire('messaging', serverMessage({ sender: 'customer', message: text('mine elsewhere') })));
    expect((await screen.findByTestId('chat-unread-count')).textContent).toBe('2');
    expect(screen.getByTestId('chat-unread').textContent).toContain('new messages');

    scrollTo(list, list.scrollHeight - VIEW);
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    scrollTo(list, ROW);
    act(() => socket.fire('messaging', serverMessage({ message: text('while up 3') })));
    expect((await screen.findByTestId('chat-unread-count')).textContent).toBe('1');
    fireEvent.click(screen.getByTestId('chat-unread'));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    expect(list.scrollTop).toBe(list.scrollHeight);
  });

  it('keeps a reader at the bottom when the list grows below them and the browser nudges it; only moving up leaves', async () => {
    const { list, socket } = await openAtTheBottom();
    const bottom = list.scrollTop;

    // The browser nudges the list a little (still at the bottom), then a picture decodes below the
    // reader and the list grows by more than a screen; a scroll event follows that did not move up.
    scrollTo(list, bottom - 10);
    grown = 1_000;
    scrollTo(list, bottom - 10);
    act(() => socket.fire('messaging', serverMessage({ message: text('answer to the picture') })));
    await screen.findByText('answer to the picture');
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    expect(list.scrollTop).toBe(list.scrollHeight);

    // Moving up is the reader leaving.
    scrollTo(list, ROW);
    act(() => socket.fire('messaging', serverMessage({ message: text('while up') })));
    expect((await screen.findByTestId('chat-unread-count')).textContent).toBe('1');
  });
});
