import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sockets } from '../../../test/fake-socket';
import { openWidget, serverMessage, text } from '../testing';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket')).fakeSocketModule());
afterEach(() => {
  sockets.length = 0;
});

const buttons = serverMessage({
  message: {
    message_type: 'buttons',
    payload: {
      text: 'How can we help?',
      buttons: [
        { type: 'web', title: 'Statement', payload: '/user/statement' },
        { type: 'web', title: 'LINE', payload: 'https://line.me/R/ti/p/@krapao' },
        { type: 'call', title: 'Call us', payload: '02-123-4567' },
        { type: 'postback', title: 'Deposit problem', payload: 'DEPOSIT_PROBLEM' },
        { type: 'other', title: 'Just a label', payload: '' },
      ] as never,
    },
  },
});
const media = (fileType: 'image' | 'video' | 'file', url: string) =>
  serverMessage({ message: { message_type: 'media', payload: { message: '', url, fileType, filePath: url } } });
const card = serverMessage({
  message: {
    message_type: 'generic',
    payload: {
      elements: [
        {
          image_url: 'data:image/png;base64,iVBORw0KGgo=',
          title: 'Your latest transactions',
          subtitle: 'Check your latest deposit',
          buttons: [{ type: 'web', title: 'View', payload: '/user/statement' }],
        },
      ],
    },
  },
});

describe('messages of every type', () => {
  it('puts the customer’s messages on one side and support’s on the other, each with its time', async () => {
    await openWidget({}, [
      serverMessage({ sender: 'customer', message: text('my question'), createdAt: '2025-01-01T10:00:00.000Z' }),
      serverMessage({ sender: 'agent', message: text('our answer'), createdAt: '2025-01-01T10:05:00.000Z' }),
    ]);
    const [mine, theirs] = await screen.findAllByTestId('chat-message');
    expect(mine?.dataset.sender).toBe('customer');
    expect(mine?.className).toContain('items-end');
    expect(theirs?.dataset.sender).toBe('support');
    expect(theirs?.className).toContain('items-start');
    expect(within(theirs!).getByText('our answer')).toBeTruthy();
    const time = within(mine!).getByTestId('chat-time');
    expect(time.getAttribute('datetime')).toBe('2025-01-01T10:00:00.000Z');
    expect(time.textContent).toMatch(/\d{2}:\d{2}/);
  });

  it('renders buttons: web opens the address, call dials, postback sends its payload, other is a label', async () => {
    const { api, user } = await openWidget({}, [buttons]);
    const links = await screen.findAllByTestId('chat-button');
    expect(links.map((b) => b.dataset.type)).toEqual(['web', 'web', 'call', 'postback', 'other']);
    expect(links[0]?.getAttribute('href')).toBe('/user/statement');
    expect(links[1]?.getAttribute('href')).toBe('https://line.me/R/ti/p/@krapao');
    expect(links[1]?.getAttribute('target')).toBe('_blank');
    expect(links[1]?.getAttribute('rel')).toContain('noopener');
    expect(links[2]?.getAttribute('href')).toBe('tel:021234567');
    expect(links[4]?.tagName).toBe('SPAN');
    await user.click(links[3]!);
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/send-message')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/chat/send-message')[0]?.body).toMatchObject({
      message: { message_type: 'postback', payload: { title: 'Deposit problem', payload: 'DEPOSIT_PROBLEM' } },
    });
  });

  it('shows quick replies under the latest message; a tap sends the reply as the customer', async () => {
    const quick = serverMessage({
      message: {
        message_type: 'quick_replies',
        payload: { text: 'Pick one', quick_replies: [{ title: 'Withdrawal', payload: 'WITHDRAW_PROBLEM' }] },
      },
    });
    const { api, user } = await openWidget({}, [quick]);
    await user.click(await screen.findByTestId('chat-quick-reply'));
    await waitFor(() => expect(api.callsTo('POST', '/api/chat/send-message')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/chat/send-message')[0]?.body).toMatchObject({
      message: { message_type: 'postback', payload: { title: 'Withdrawal', payload: 'WITHDRAW_PROBLEM' } },
    });
    const sent = (await screen.findAllByTestId('chat-message')).at(-1);
    expect(sent?.dataset.sender).toBe('customer');
    expect(within(sent!).getByText('Withdrawal')).toBeTruthy();
    expect(screen.queryByTestId('chat-quick-replies')).toBeNull();
  });

  it('shows an image inline, a playable video and a file link', async () => {
    const { api } = await openWidget({ 'GET /api/chat/files/0123456789abcdef0123456789abcdef.png': { body: {} } }, [
      media('image', '/api/chat/files/0123456789abcdef0123456789abcdef.png'),
      media('video', 'https://cdn.example/clip.mp4'),
      media('file', 'https://cdn.example/terms.pdf'),
      media('image', 'javascript:alert(1)'),
    ]);
    expect(await screen.findByTestId('chat-media-image')).toBeTruthy();
    expect(screen.getByTestId('chat-media-video').getAttribute('src')).toBe('https://cdn.example/clip.mp4');
    expect(screen.getByTestId('chat-media-file').getAttribute('href')).toBe('https://cdn.example/terms.pdf');
    // The upload is fetched with the guest's id header, never by URL alone.
    const file = api.calls.find((c) => c.path.startsWith('/api/chat/files/'));
    expect(file?.headers.get('x-chat-guest-id')).toMatch(/^guest-/);
    expect(screen.getAllByTestId('chat-media-image')).toHaveLength(1);
  });

  it('renders a generic card with image, title, subtitle and buttons', async () => {
    await openWidget({}, [card]);
    const element = await screen.findByTestId('chat-card');
    expect(within(element).getByTestId('chat-card-image').getAttribute('src')).toMatch(/^data:image\/png/);
    expect(within(element).getByTestId('chat-card-title').textContent).toBe('Your latest transactions');
    expect(within(element).getByTestId('chat-card-subtitle').textContent).toBe('Check your latest deposit');
    expect(within(element).getByTestId('chat-button').getAttribute('href')).toBe('/user/statement');
  });

  it('renders postback and unknown types without breaking the list', async () => {
    await openWidget({}, [
      serverMessage({
        sender: 'customer',
        message: { message_type: 'postback', payload: { title: 'Menu', payload: 'MENU' } },
      }),
      serverMessage({ message: { message_type: 'carousel', payload: { x: 1 } } as never }),
      serverMessage({ message: { message_type: 'unknown', payload: null } }),
      serverMessage({ message: text('still here') }),
    ]);
    expect(await screen.findByText('still here')).toBeTruthy();
    expect(screen.getByText('Menu')).toBeTruthy();
    expect(screen.getAllByTestId('chat-unknown')).toHaveLength(2);
  });

  it('draws an End Conversation divider where session_id changes', async () => {
    await openWidget({}, [
      serverMessage({ message: text('one'), session_id: 'a' }),
      serverMessage({ message: text('two'), session_id: 'a' }),
      serverMessage({ message: text('three'), session_id: 'b' }),
    ]);
    await screen.findByText('three');
    const dividers = screen.getAllByTestId('chat-divider');
    expect(dividers).toHaveLength(1);
    expect(dividers[0]?.textContent).toContain('End Conversation');
    const order = [...document.querySelectorAll('[data-testid="chat-divider"], [data-testid="chat-text"]')].map(
      (el) => el.textContent,
    );
    expect(order).toEqual(['one', 'two', 'End Conversation', 'three']);
  });
});
