import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sockets } from '../../../test/fake-socket';
import { FakeXhr, fileOf, openWidget, uploads } from '../testing';

vi.mock('socket.io-client', async () => (await import('../../../test/fake-socket')).fakeSocketModule());
beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  sockets.length = 0;
  uploads.length = 0;
});

const MB = 1024 * 1024;
const lastMessage = () => screen.getAllByTestId('chat-message').at(-1)!;
const statusOf = () => within(lastMessage()).getByTestId('chat-status').dataset.status;
const attach = (file: File) => fireEvent.change(screen.getByTestId('chat-file-input'), { target: { files: [file] } });

/** Holds POST /api/chat/send-message until released, so the 'sending' status can be seen. */
function holdSends() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).endsWith('/api/chat/send-message')) await gate;
    return answer(input, init);
  });
  return () => release();
}

describe('sending text', () => {
  it('sends the trimmed text with an Idempotency-Key and takes the answer’s createdAt', async () => {
    const { api, user } = await openWidget();
    const release = holdSends();
    await user.type(screen.getByTestId('chat-input'), '  hello support  {Enter}');
    expect(within(lastMessage()).getByText('hello support')).toBeTruthy();
    expect(statusOf()).toBe('sending');
    release();
    await waitFor(() => expect(statusOf()).toBe('succeed'));
    const [call] = api.callsTo('POST', '/api/chat/send-message');
    expect(call?.body).toMatchObject({
      guestId: expect.stringMatching(/^guest-/),
      locale: 'en',
      message: { message_type: 'text', payload: { text: 'hello support' } },
    });
    expect(call?.body).not.toHaveProperty('userId');
    expect(call?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(lastMessage()).getByTestId('chat-time').getAttribute('datetime')).toBe('2025-01-01T11:00:00.000Z');
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('');
  });

  it('sends nothing for blank text and never more than 2000 characters', async () => {
    const { api, user } = await openWidget();
    const input = screen.getByTestId('chat-input') as HTMLTextAreaElement;
    await user.type(input, '   {Enter}');
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('POST', '/api/chat/send-message')).toHaveLength(0);
    await user.clear(input);
    await user.click(input);
    await user.paste('x'.repeat(2001));
    expect(input.value).toHaveLength(2000);
    expect(input.maxLength).toBe(2000);
  });
});

describe('attachments', () => {
  it('refuses what is not an image or video of the allowed kinds, and files over 10 / 20 MB, for 4 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openWidget();
    attach(fileOf('terms.pdf', 'application/pdf', 2_000));
    expect(screen.getByTestId('chat-alert').textContent).toBe('File is not supported');
    attach(fileOf('photo.png', 'image/png', 11 * MB));
    expect(screen.getByTestId('chat-alert').textContent).toBe(
      'The file is too large. Please select file no larger than 10 MB.',
    );
    attach(fileOf('clip.mp4', 'video/mp4', 21 * MB));
    expect(screen.getByTestId('chat-alert').textContent).toContain('no larger than 20 MB');
    expect(uploads).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(3_900);
    });
    expect(screen.getByTestId('chat-alert')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('chat-alert')).toBeNull();
  });

  it('uploads an image as the multipart part "file" with progress, then sends the returned path', async () => {
    const { api } = await openWidget();
    attach(fileOf('photo.jpg', 'image/jpeg', 300_000));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const upload = uploads[0]!;
    expect(upload?.url).toBe('/api/chat/upload-image');
    expect((upload.form.get('file') as File).name).toBe('photo.jpg');
    expect(upload?.headers['x-chat-guest-id']).toMatch(/^guest-/);
    expect(statusOf()).toBe('uploading_file');
    act(() => upload?.progress(50, 100));
    expect(within(lastMessage()).getByTestId('chat-progress').getAttribute('aria-valuenow')).toBe('50');
    const path = '/api/chat/files/0123456789abcdef0123456789abcdef.jpg';
    const release = holdSends();
    act(() => upload?.respond(200, { path }));
    await waitFor(() => expect(statusOf()).toBe('sending'));
    release();
    await waitFor(() => expect(statusOf()).toBe('succeed'));
    expect(api.callsTo('POST', '/api/chat/send-message')[0]?.body).toMatchObject({
      message: { message_type: 'media', payload: { fileType: 'image', filePath: path } },
    });
  });

  it('uploads a video to upload-video', async () => {
    await openWidget();
    attach(fileOf('clip.mov', 'video/quicktime', 5 * MB));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe('/api/chat/upload-video');
    expect(uploads[0]?.form.get('file')).toBeInstanceOf(File);
  });

  it('lets a failed media message be sent again or removed', async () => {
    const { api, user } = await openWidget();
    attach(fileOf('photo.png', 'image/png', 1_000));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.respond(0, null));
    await waitFor(() => expect(statusOf()).toBe('failed'));
    expect(screen.getByTestId('chat-alert').textContent).toContain('Cannot reach the server');
    await user.click(within(lastMessage()).getByTestId('chat-resend'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]?.respond(200, { path: '/api/chat/files/00000000000000000000000000000000.png' }));
    await waitFor(() => expect(statusOf()).toBe('succeed'));
    expect(api.callsTo('POST', '/api/chat/send-message')).toHaveLength(1);

    attach(fileOf('again.png', 'image/png', 1_000));
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => uploads[2]?.respond(400, { message: 'KEY_INVALID', reason: 'FILE_TOO_LARGE', maxMb: 10 }));
    await waitFor(() => expect(statusOf()).toBe('failed'));
    expect(screen.getByTestId('chat-alert').textContent).toContain('no larger than 10 MB');
    const count = screen.getAllByTestId('chat-message').length;
    await user.click(within(lastMessage()).getByTestId('chat-remove'));
    expect(screen.getAllByTestId('chat-message')).toHaveLength(count - 1);
  });
});
