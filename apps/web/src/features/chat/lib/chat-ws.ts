// The optional websocket chat connection: only when the build sets VITE_CHAT_BACKEND.
// It joins with the first frame and reconnects CHAT_SOCKET_RECONNECT_MS (500 ms) after any drop,
// with no limit on attempts.
import type { TSocketAuth, TWsClientFrame } from '@krapao/contracts/chat';
import { CHAT_SOCKET_RECONNECT_MS } from '@krapao/contracts/constants';

/** ws(s)://… as given; http(s)://… and /paths become the matching WebSocket address. */
export function chatBackendUrl(
  address: string,
  location: { protocol: string; host: string } = window.location,
): string {
  if (/^wss?:\/\//.test(address)) return address;
  if (/^https?:\/\//.test(address)) return address.replace(/^http/, 'ws');
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${address.startsWith('/') ? '' : '/'}${address}`;
}

export function connectChatWs(opts: {
  address: string;
  auth: Pick<TSocketAuth, 'token' | 'guestId'>;
  onMessage: (raw: unknown) => void;
}): () => void {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  const open = () => {
    socket = new WebSocket(chatBackendUrl(opts.address));
    socket.onopen = () => {
      const join: TWsClientFrame = { event: 'join', ...opts.auth };
      socket?.send(JSON.stringify(join));
    };
    socket.onmessage = (event) => {
      try {
        const frame = JSON.parse(String(event.data)) as { event?: string; data?: unknown };
        if (frame.event === 'messaging') opts.onMessage(frame.data);
      } catch {
        // Not JSON: nothing for the chat.
      }
    };
    socket.onclose = () => {
      if (!isStopped) retry = setTimeout(open, CHAT_SOCKET_RECONNECT_MS);
    };
  };
  open();

  return () => {
    isStopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
