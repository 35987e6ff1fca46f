import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { reloadForChunkError } from '../../lib/chunk-reload';
import { renderRoutes } from '../../test/render';
import { RootShell } from './boundary-routes';

vi.mock('../../lib/chunk-reload', async (original) => ({
  ...(await original<typeof import('../../lib/chunk-reload')>()),
  reloadForChunkError: vi.fn(),
}));

const missingChunk = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://x.test/assets/home-route-1.js'));

function renderFailing(load: () => Promise<never>) {
  const Screen = lazy(load);
  return renderRoutes(
    [{ element: <RootShell />, children: [{ path: '/user/home', element: <Screen /> }] }],
    '/user/home',
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports each caught error
});
afterEach(() => {
  vi.mocked(reloadForChunkError).mockClear();
  vi.restoreAllMocks();
});

it('a chunk that failed to load reloads the page instead of showing the error screen', async () => {
  renderFailing(missingChunk);
  await vi.waitFor(() => expect(reloadForChunkError).toHaveBeenCalledTimes(1));
  expect(screen.queryByRole('alert')).toBeNull();
});

it('after that one reload, the same failure shows the error screen', async () => {
  sessionStorage.setItem('krapao.chunkReloadAt', String(Date.now()));
  renderFailing(missingChunk);
  expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
  expect(reloadForChunkError).not.toHaveBeenCalled();
});

it('any other failure shows the error screen at once', async () => {
  renderFailing(() => Promise.reject(new Error('boom')));
  expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
  expect(reloadForChunkError).not.toHaveBeenCalled();
});
