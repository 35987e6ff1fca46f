// A small round-robin proxy, as a load balancer without sticky sessions would be: every HTTP request
// and every WebSocket upgrade goes to the next instance in turn. It sets X-Forwarded-For like a
// real balancer; the servers behind it only believe that with TRUST_PROXY naming loopback.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

export type RoundRobin = {
  url: string;
  /** How many requests and upgrades each instance was handed. */
  handed: number[];
  close(): Promise<void>;
};

export async function startRoundRobin(targets: string[]): Promise<RoundRobin> {
  const ports = targets.map((t) => Number(new URL(t).port));
  const handed = targets.map(() => 0);
  let next = 0;
  const pick = () => {
    const k = next;
    next = (next + 1) % ports.length;
    handed[k]! += 1;
    return ports[k]!;
  };
  const forwardedFor = (req: http.IncomingMessage) => req.socket.remoteAddress ?? '127.0.0.1';

  const server = http.createServer((req, res) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: pick(),
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor(req) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });
  const tunnels = new Set<net.Socket>();
  // A WebSocket upgrade is passed on as raw bytes: the request head, then both directions piped.
  server.on('upgrade', (req, socket, head) => {
    const upstream = net.connect(pick(), '127.0.0.1', () => {
      const headers = { ...req.headers, 'x-forwarded-for': forwardedFor(req) };
      const lines = Object.entries(headers).flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : [`${k}: ${v}`],
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    tunnels.add(upstream);
    const end = () => {
      tunnels.delete(upstream);
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('close', end);
    upstream.on('error', end);
    socket.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    handed,
    close: () =>
      new Promise((resolve) => {
        for (const tunnel of tunnels) tunnel.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
