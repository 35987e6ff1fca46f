import type { TChatMessage } from '@krapao/contracts/chat';
import { chatOpsPaths, type TOpsChatConversation } from '@krapao/contracts/ops/chat';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { jsonResponse, renderWith } from '../../../test/render';
import { ChatInbox } from './chat-inbox';

type Message = TChatMessage & { staffId: number | null; staffName: string | null };
const text = (id: string, sender: TChatMessage['sender'], body: string): Message => ({
  _id: id,
  sender,
  message: { message_type: 'text', payload: { text: body } },
  userId: '100001',
  guestId: null,
  username: '0810000001',
  name: 'Somchai',
  deviceToken: null,
  createdAt: '2026-03-01T11:00:00.000Z',
  session_id: 's1',
  verified: true,
  staffId: sender === 'agent' ? 7 : null,
  staffName: sender === 'agent' ? 'Nok' : null,
});

const conversation = (id: number, over: Partial<TOpsChatConversation> = {}): TOpsChatConversation => ({
  id,
  userId: '100001',
  guestId: null,
  name: 'Somchai',
  username: '0810000001',
  session_id: 's1',
  sessionClosed: false,
  lastMessage: text(String(id), 'customer', 'where is my deposit'),
  lastMessageAt: '2026-03-01T11:00:00.000Z',
  unread: 2,
  senderKind: 'member',
  verified: true,
  ...over,
});

const list = [
  conversation(1),
  conversation(2, { userId: null, guestId: 'guest-x', name: null, username: null, senderKind: 'guest', unread: 0 }),
];
const member = {
  memberId: 100001,
  currency: 'BAHT',
  wallet: 1500,
  context: {
    username: '0810000001',
    name: 'Somchai',
    createdAt: '2026-01-01T00:00:00.000Z',
    deposits30d: 3000,
    withdrawals30d: 0,
    turnoverLeft: 200,
    hasActiveCondition: false,
  },
  deposits: [{ id: 9, amount: 500, status: 'SUCCESS', createdAt: '2026-03-01T10:00:00.000Z' }],
  slips: [{ id: 4, amount: 500, status: 'FAILED', createdAt: '2026-03-01T09:00:00.000Z' }],
};

const canned = {
  answers: ['Please send your slip.'],
  lastChange: { at: '2026-03-01T08:00:00.000Z', staffName: 'Nok' },
};

function server() {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url === chatOpsPaths.cannedAnswers) {
      if (init?.method !== 'POST') return jsonResponse(200, canned);
      return jsonResponse(200, { ...JSON.parse(String(init.body)), lastChange: canned.lastChange });
    }
    if (init?.method === 'POST')
      return jsonResponse(200, { id: '50', createdAt: '2026-03-01T11:01:00.000Z', sessionId: 's1' });
    if (url.includes('/messages')) {
      return jsonResponse(200, {
        conversation: { ...list[0], unread: 0 },
        messages: [text('10', 'customer', 'where is my deposit'), text('11', 'agent', 'checking now')],
        total: 2,
        nextCursor: null,
      });
    }
    if (url.endsWith('/member')) return jsonResponse(200, member);
    if (url.startsWith(chatOpsPaths.list)) return jsonResponse(200, { items: list, total: 2, nextCursor: null });
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}

describe('the chat inbox', () => {
  it('lists conversations with unread counts, opens one beside its member and replies with quick replies', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ChatInbox />, '/chat');
    const rows = await screen.findAllByTestId('conversation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('2 new')).toBeTruthy();
    expect(within(rows[1]!).getByText('Guest (not signed in)')).toBeTruthy();

    await userEvent.click(rows[0]!);
    const messages = await screen.findAllByTestId('chat-message');
    expect(messages.map((m) => m.textContent)).toEqual([
      expect.stringContaining('where is my deposit'),
      expect.stringContaining('Nok'),
    ]);
    const panel = await screen.findByTestId('member-panel');
    expect(panel.textContent).toContain('1,500 BAHT');
    expect(panel.textContent).toContain('Failed');

    // An empty reply is refused in the form and never sent.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a reply.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u, init]) => init?.method === 'POST' && u !== chatOpsPaths.cannedAnswers)).toBe(
      false,
    );

    await userEvent.type(screen.getByLabelText('Reply'), 'Which bank?');
    await userEvent.type(screen.getByLabelText('Quick replies (optional)'), 'KBank, SCB');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, init]) => init?.method === 'POST' && u !== chatOpsPaths.cannedAnswers),
      ).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe(chatOpsPaths.reply.replace(':conversationId', '1'));
    expect(JSON.parse(String(init?.body))).toEqual({
      message: {
        message_type: 'quick_replies',
        payload: {
          text: 'Which bank?',
          quick_replies: [
            { title: 'KBank', payload: 'KBank' },
            { title: 'SCB', payload: 'SCB' },
          ],
        },
      },
    });
  }, 15_000);

  it('fills the reply from a canned answer, and saves an edited list of answers', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ChatInbox />, '/chat');
    await userEvent.click((await screen.findAllByTestId('conversation-row'))[0]!);
    await userEvent.selectOptions(await screen.findByLabelText('Canned answer'), 'Please send your slip.');
    expect((screen.getByLabelText('Reply') as HTMLInputElement).value).toBe('Please send your slip.');
    expect(
      screen.getByText(`Answers changed by Nok at ${formatDateTime('2026-03-01T08:00:00.000Z', 'en')}`),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Canned answers (1)' }));
    const editor = screen.getByLabelText('Canned answers');
    await userEvent.type(editor, '{enter}Thank you!{enter}  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save answers' })).toBeNull());
    const post = fetchMock.mock.calls.find(([u, init]) => u === chatOpsPaths.cannedAnswers && init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ answers: ['Please send your slip.', 'Thank you!'] });
    expect(await screen.findByRole('button', { name: 'Canned answers (2)' })).toBeTruthy();
  }, 15_000);

  it('loads older conversations and older messages a page at a time, one request per page', async () => {
    const pending: ((r: Response) => void)[] = [];
    const later = () => new Promise<Response>((resolve) => pending.push(resolve));
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === chatOpsPaths.cannedAnswers) return jsonResponse(200, canned);
      if (url.includes('/messages')) {
        if (url.includes('before=m1')) return later();
        return jsonResponse(200, {
          conversation: { ...list[0], unread: 0 },
          messages: [text('12', 'customer', 'newest message')],
          total: 2,
          nextCursor: 'm1',
        });
      }
      if (url.endsWith('/member')) return jsonResponse(200, member);
      if (url.includes('before=c1')) return later();
      if (url.startsWith(chatOpsPaths.list)) return jsonResponse(200, { items: [list[0]], total: 2, nextCursor: 'c1' });
      return jsonResponse(404, { message: init?.method ?? 'NO_DATA' });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ChatInbox />, '/chat');
    const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));

    expect(await screen.findAllByTestId('conversation-row')).toHaveLength(1);
    const more = screen.getByRole('button', { name: 'Load more conversations' });
    fireEvent.click(more);
    fireEvent.click(more);
    await waitFor(() => expect(calls('before=c1')).toHaveLength(1));
    pending.shift()!(jsonResponse(200, { items: [list[0], list[1]], total: 2, nextCursor: null }));
    // The conversation that moved between pages shows once.
    await waitFor(() => expect(screen.getAllByTestId('conversation-row')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).toBeNull();

    await userEvent.click(screen.getAllByTestId('conversation-row')[0]!);
    expect(await screen.findAllByTestId('chat-message')).toHaveLength(1);
    const scroller = screen.getByTestId('chat-messages');
    fireEvent.scroll(scroller, { target: { scrollTop: 0 } });
    fireEvent.scroll(scroller, { target: { scrollTop: 0 } });
    fireEvent.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(calls('before=m1')).toHaveLength(1));
    pending.shift()!(
      jsonResponse(200, {
        conversation: { ...list[0], unread: 0 },
        messages: [text('11', 'agent', 'oldest message')],
        total: 2,
        nextCursor: null,
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('chat-message').map((m) => m.textContent)).toEqual([
        expect.stringContaining('oldest message'),
        expect.stringContaining('newest message'),
      ]),
    );
    expect(calls('before=m1')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
  }, 15_000);
});
