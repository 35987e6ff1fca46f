import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n, loadNamespaces, NAMESPACES } from '../lib/i18n';
import { installDialogPolyfill } from './dialog-polyfill';

installDialogPolyfill();

// Components are tested with every namespace loaded; which screen loads which is checked by
// lib/load-plan.test.ts.
beforeAll(async () => {
  await initI18n('en');
  await loadNamespaces(NAMESPACES);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
