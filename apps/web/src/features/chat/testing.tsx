// Helpers for the chat's component tests: a fake socket.io socket, a fake XMLHttpRequest for
// uploads, canned server messages, and the widget rendered with its server answers.
import type { TChatMessage } from '@krapao/contracts/chat';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../test/fetch-mock';
import { renderAt } from '../../test/render';
import { ChatWidgetSlot } from './components/chat-widget-slot';

let seq = 100;
export function serverMessage(overrides: Partial<TChatMessage> = {}): TChatMessage {
  seq += 1;
  return {
    _id: String(seq),
    sender: 'bot',
    message: { message_type: 'text', payload: { text: `message ${seq}` } },
    userId: null,
    guestId: null,
    username: null,
    name: 'Krapao',
    deviceToken: null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 10, 0, seq % 60)).toISOString(),
    session_id: 'session-1',
    ...overrides,
  };
}

export const text = (value: string) => ({ message_type: 'text' as const, payload: { text: value } });

/** The widget on a page with the chat enabled, opened; the history answers `messages`. */
export async function openWidget(handlers: Record<string, MockHandler> = {}, messages: TChatMessage[] = []) {
  const api = mockFetch({
    'GET /api/lookup/enableChatWidget': { body: { enableChatWidget: true } },
    'GET /api/chat/config': { body: { PREFIX: 'krapao-chat' } },
    'POST /api/chat/history': { body: { messages, total: messages.length } },
    'PUT /api/chat/read-customer/': { body: { message: 'OK' } },
    'POST /api/chat/send-message': () => {
      seq += 1;
      return { body: { _id: String(seq), createdAt: '2025-01-01T11:00:00.000Z', session_id: 'session-1' } };
    },
    ...handlers,
  });
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {});
  const view = renderAt(<ChatWidgetSlot />, '/contact');
  await user.click(await screen.findByTestId('chat-launcher'));
  await screen.findByTestId('chat-panel');
  return { api, user, view };
}

export type FakeUpload = {
  url: string;
  form: FormData;
  headers: Record<string, string>;
  respond: (status: number, body: unknown) => void;
  progress: (loaded: number, total: number) => void;
};
export const uploads: FakeUpload[] = [];

/** XMLHttpRequest as the upload uses it, answered by the test. */
export class FakeXhr {
  static instances = uploads;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(form: FormData) {
    uploads.push({
      url: this.url,
      form,
      headers: this.headers,
      respond: (status, body) => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        if (status === 0) this.onerror?.();
        else this.onload?.();
      },
      progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
    });
  }
}

/** A File of `size` bytes without allocating them. */
export function fileOf(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
