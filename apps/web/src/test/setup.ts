import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { initI18n, loadNamespaces, NAMESPACES } from '../lib/i18n';
import { installDialogPolyfill } from './dialog-polyfill';

// findBy… and waitFor wait for a state: up to 5 s, so a busy machine is slower, not failing.
configure({ asyncUtilTimeout: 5_000 });

installDialogPolyfill();

// Preact runs effects after the next frame (up to 35 ms later in jsdom); here they run in the next
// task, as React's scheduler would, so a test does not race a paint that jsdom never makes. `act`
// still flushes them at once.
options.requestAnimationFrame = (flush) => setTimeout(flush, 0);

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
