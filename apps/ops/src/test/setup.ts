import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n, NAMESPACES } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

// findBy… and waitFor wait for a state: up to 5 s, so a busy machine is slower, not failing.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await initI18n('en');
  await i18n.loadNamespaces([...NAMESPACES]);
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});
