// A socket.io client socket as the chat and the live money socket use it, driven by the test (no component imports, so a
// vi.mock factory can load it).
export type FakeSocket = {
  connected: boolean;
  handlers: Map<string, ((...args: unknown[]) => void)[]>;
  emitted: unknown[][];
  on: (event: string, handler: (...args: unknown[]) => void) => FakeSocket;
  emit: (...args: unknown[]) => FakeSocket;
  connect: () => FakeSocket;
  disconnect: () => FakeSocket;
  removeAllListeners: () => FakeSocket;
  /** The options io() was called with. */
  options: Record<string, unknown>;
  /** What the server would do: fire an event at the client. */
  fire: (event: string, ...args: unknown[]) => void;
};

export const sockets: FakeSocket[] = [];

export function createFakeSocket(options: Record<string, unknown> = {}): FakeSocket {
  const socket: FakeSocket = {
    connected: false,
    options,
    handlers: new Map(),
    emitted: [],
    on(event, handler) {
      socket.handlers.set(event, [...(socket.handlers.get(event) ?? []), handler]);
      return socket;
    },
    emit(...args) {
      socket.emitted.push(args);
      const ack = args.at(-1);
      if (args[0] === 'join' && typeof ack === 'function') ack({ ok: true, room: args[1] });
      return socket;
    },
    connect() {
      socket.connected = true;
      socket.fire('connect');
      return socket;
    },
    disconnect() {
      socket.connected = false;
      return socket;
    },
    removeAllListeners() {
      socket.handlers.clear();
      return socket;
    },
    fire(event, ...args) {
      for (const handler of socket.handlers.get(event) ?? []) handler(...args);
    },
  };
  sockets.push(socket);
  return socket;
}

/**
 * The socket.io-client module for vi.mock: each io() call makes a fake socket that connects at once,
 * or (`connectAtOnce: false`) when the code under test calls connect().
 */
export function fakeSocketModule({ connectAtOnce = true } = {}) {
  return {
    io: (...args: unknown[]) => {
      const last = args.at(-1);
      const socket = createFakeSocket(
        typeof last === 'object' && last !== null ? (last as Record<string, unknown>) : {},
      );
      if (connectAtOnce) queueMicrotask(() => socket.connect());
      return socket;
    },
  };
}
