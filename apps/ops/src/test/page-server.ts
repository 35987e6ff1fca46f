// A console page's server in component tests: GET of the page answers it, every PUT answers it too
// (the server answers a change with the page read again), anything else NO_DATA.
import { vi } from 'vitest';
import { jsonResponse } from './render';

export function pageServer(pagePath: string, page: unknown) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') return jsonResponse(200, page);
    if (url === pagePath) return jsonResponse(200, page);
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}

type FetchMock = ReturnType<typeof vi.fn<(url: string, init?: RequestInit) => Promise<Response>>>;

/** The PUTs made, each as [url, parsed body]. */
export const putsOf = (fetchMock: FetchMock) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);
