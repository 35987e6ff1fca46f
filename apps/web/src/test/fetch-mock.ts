// A tiny fetch stub: routes "METHOD /path" to canned JSON answers and records every call.
import { vi } from 'vitest';

export type MockAnswer = { status?: number; body?: unknown };
export type MockHandler = MockAnswer | ((body: unknown) => MockAnswer);
export type RecordedCall = { method: string; path: string; body: unknown; headers: Headers };

export function mockFetch(handlers: Record<string, MockHandler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
    calls.push({ method, path: url.pathname, body, headers: new Headers(init?.headers) });
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return new Response(JSON.stringify({ message: 'NO_DATA' }), { status: 404 });
    const answer = typeof handler === 'function' ? handler(body) : handler;
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
