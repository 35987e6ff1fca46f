// A minimal HTTP/1.1 keep-alive client for the open loop. Node's http client spends several times
// autocannon's CPU per request, and on a 2-core machine the generator's CPU is taken from the server
// and the database it measures. One request in flight per connection (no pipelining), connections
// reused as they free up and opened when none is free, up to `maxConnections`; past that a request
// waits for the first connection to free up (as wrk2 does: a fixed set of connections, each request
// still timed by the caller from when it was due). Unbounded, a server that falls behind for a moment
// is sent a new connection per late request, and accepting those costs it more than the requests.
// Answers framed by content-length or chunks.
import net from 'node:net';

export type RawRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

type Pending = { resolve: (status: number) => void; reject: (err: Error) => void };
type Conn = { socket: net.Socket; buf: Buffer; pending: Pending | null };

const HEADER_END = Buffer.from('\r\n\r\n');
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n');

/** Status code once a whole answer is in `buf`, or null while more bytes are due. */
function completeAnswer(buf: Buffer): number | null {
  const end = buf.indexOf(HEADER_END);
  if (end < 0) return null;
  const head = buf.subarray(0, end).toString('latin1');
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return buf.length >= end + 4 + Number(length[1]) ? status : null;
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) return buf.indexOf(LAST_CHUNK, end) >= 0 ? status : null;
  return status === 204 || status === 304 ? status : null;
}

export function rawHttpClient(port: number, maxConnections: number, timeoutMs = 30_000) {
  const idle: Conn[] = [];
  const all = new Set<Conn>();
  /** Requests waiting for a connection, first come first served. */
  const queue: { text: string; pending: Pending }[] = [];

  /** Hands a free connection the next waiting request, or puts it back in the idle list. */
  function release(conn: Conn) {
    const waiting = queue.shift();
    if (!waiting) {
      idle.push(conn);
      return;
    }
    conn.pending = waiting.pending;
    conn.socket.write(waiting.text);
  }

  /** A failed connection's place goes to the next waiting request, on a new connection. */
  function replace() {
    const waiting = queue.shift();
    if (!waiting) return;
    const conn = open();
    conn.pending = waiting.pending;
    conn.socket.write(waiting.text);
  }

  function fail(conn: Conn, err: Error) {
    all.delete(conn);
    const i = idle.indexOf(conn);
    if (i >= 0) idle.splice(i, 1);
    const p = conn.pending;
    conn.pending = null;
    p?.reject(err);
    conn.socket.destroy();
    if (p) replace();
  }

  function open(): Conn {
    const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
    const conn: Conn = { socket, buf: Buffer.alloc(0), pending: null };
    all.add(conn);
    socket.setTimeout(timeoutMs, () => fail(conn, new Error('timeout')));
    socket.on('data', (chunk: Buffer) => {
      conn.buf = conn.buf.length === 0 ? chunk : Buffer.concat([conn.buf, chunk]);
      const status = completeAnswer(conn.buf);
      if (status === null || !conn.pending) return;
      const p = conn.pending;
      conn.pending = null;
      conn.buf = Buffer.alloc(0);
      release(conn);
      p.resolve(status);
    });
    socket.on('error', (err) => fail(conn, err));
    socket.on('close', () => fail(conn, new Error('connection closed')));
    return conn;
  }

  return {
    send(r: RawRequest): Promise<number> {
      let text = `${r.method} ${r.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`;
      for (const [k, v] of Object.entries(r.headers)) text += `${k}: ${v}\r\n`;
      if (r.body !== undefined) text += `content-length: ${Buffer.byteLength(r.body)}\r\n`;
      text += `\r\n${r.body ?? ''}`;
      return new Promise<number>((resolve, reject) => {
        const conn = idle.pop() ?? (all.size < maxConnections ? open() : null);
        if (!conn) {
          queue.push({ text, pending: { resolve, reject } });
          return;
        }
        conn.pending = { resolve, reject };
        conn.socket.write(text);
      });
    },
    close() {
      for (const w of queue.splice(0)) w.pending.reject(new Error('client closed'));
      for (const conn of all) conn.socket.destroy();
      all.clear();
      idle.length = 0;
    },
  };
}
