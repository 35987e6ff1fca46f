// The battery's HTTP client: node:http with keep-alive, on loopback. A call may come from another
// source address (127.x.y.z): Linux routes all of 127/8 to loopback, so the server sees a real
// different client IP without any proxy header.
import http from 'node:http';

export type Res = {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field by the tests
  body: any;
  /** The connection failed (reset, refused): no answer at all. */
  error?: string;
  /**
   * The connection failed after the answer's status arrived (the server answered a body it refused
   * while the client was still sending it): the status counts, the body may be partial.
   */
  cutOff?: string;
};

export type CallOptions = {
  token?: string;
  json?: unknown;
  /** A raw body (sent as it is, with `contentType`). */
  body?: Buffer | string;
  contentType?: string;
  key?: string;
  headers?: Record<string, string>;
  /** The client's source address, 127.x.y.z. */
  ip?: string;
  timeoutMs?: number;
};

const agents = new Map<string, http.Agent>();
function agentFor(ip: string | undefined): http.Agent {
  const id = ip ?? 'default';
  let agent = agents.get(id);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 256, ...(ip ? { localAddress: ip } : {}) });
    agents.set(id, agent);
  }
  return agent;
}

/** Closes every kept-alive connection (a killed server leaves them dead). */
export function dropConnections() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

export function createClient(baseUrl: string) {
  const base = new URL(baseUrl);

  function call(method: string, path: string, opts: CallOptions = {}): Promise<Res> {
    const headers: Record<string, string> = { ...opts.headers };
    let payload: Buffer | undefined;
    if (opts.json !== undefined) {
      payload = Buffer.from(JSON.stringify(opts.json));
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      payload = Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body);
      if (opts.contentType) headers['content-type'] = opts.contentType;
    }
    if (payload) headers['content-length'] = String(payload.length);
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.key) headers['idempotency-key'] = opts.key;
    return new Promise((resolve) => {
      // The answer so far: a write error after its status line still leaves the status to judge.
      let answer: http.IncomingMessage | undefined;
      const chunks: Buffer[] = [];
      const settle = (err?: Error) => {
        if (!answer || (err && !payload)) return resolve(failed(err ?? new Error('no answer')));
        const raw = Buffer.concat(chunks);
        resolve({ ...parsed(answer, raw), ...(err ? { cutOff: err.message } : {}) });
      };
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          method,
          path,
          headers,
          agent: agentFor(opts.ip),
          timeout: opts.timeoutMs ?? 60_000,
        },
        (res) => {
          answer = res;
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => settle(err));
          res.on('end', () => settle());
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      // An EPIPE or reset while the body is still going out: the answer may already be here, or
      // be parsed from what the socket had received, on this same tick.
      req.on('error', (err) => setImmediate(() => settle(err)));
      req.end(payload);
    });
  }

  function parsed(res: http.IncomingMessage, raw: Buffer): Res {
    const text = raw.toString('utf8');
    let body: unknown = null;
    if (/json/.test(String(res.headers['content-type'] ?? ''))) {
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
    }
    return { status: res.statusCode ?? 0, headers: res.headers, raw, text, body };
  }

  const failed = (err: Error): Res => ({
    status: 0,
    headers: {},
    raw: Buffer.alloc(0),
    text: '',
    body: null,
    error: err.message,
  });

  return {
    call,
    get: (path: string, opts?: CallOptions) => call('GET', path, opts),
    post: (path: string, json?: unknown, opts?: CallOptions) => call('POST', path, { ...opts, json }),
    put: (path: string, json?: unknown, opts?: CallOptions) => call('PUT', path, { ...opts, json }),
    del: (path: string, opts?: CallOptions) => call('DELETE', path, opts),
  };
}
export type Client = ReturnType<typeof createClient>;

let keySeq = 0;
/** A fresh Idempotency-Key. */
export const newKey = (tag = 'bat') => `${tag}-${process.pid}-${Date.now().toString(36)}-${++keySeq}`;

/** One multipart/form-data body with a single file part (and optional text fields). */
export function multipart(
  file: { field?: string; filename: string; type: string; data: Buffer },
  fields: Record<string, string> = {},
): { body: Buffer; contentType: string } {
  const boundary = `----battery${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
        `content-type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
