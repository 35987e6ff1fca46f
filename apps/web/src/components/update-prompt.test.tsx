import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { registerServiceWorker, SKIP_WAITING_MESSAGE } from '../lib/service-worker';
import { UpdatePrompt } from './update-prompt';

/** A worker, its registration and the page's container, as far as the registration code uses them. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  postMessage = vi.fn();
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function fakeContainer(controlled: boolean) {
  const registration = Object.assign(new EventTarget(), {
    waiting: null as FakeWorker | null,
    installing: null as FakeWorker | null,
    update: vi.fn(async () => {}),
  });
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? new FakeWorker() : null,
    register: vi.fn(async () => registration),
  });
  /** The browser found a newer /sw.js and is installing it. */
  const newVersion = () => {
    const worker = new FakeWorker();
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    worker.become('installed');
    return worker;
  };
  return { container: container as unknown as ServiceWorkerContainer, raw: container, newVersion };
}

// One flow in order: the app-update store lives as long as the module.
it('first install: no prompt and no reload; a new version: the prompt, and a tap takes it over and reloads', async () => {
  render(<UpdatePrompt />);
  const first = fakeContainer(false);
  const firstReload = vi.fn();
  await registerServiceWorker(first.container, firstReload);
  expect(first.raw.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  first.newVersion(); // nothing controls the page yet: this is the first version
  first.raw.dispatchEvent(new Event('controllerchange')); // the first worker claims the page
  expect(screen.queryByTestId('update-prompt')).toBeNull();
  expect(firstReload).not.toHaveBeenCalled();

  const later = fakeContainer(true);
  const reload = vi.fn();
  await registerServiceWorker(later.container, reload);
  const waiting = later.newVersion();
  const prompt = await screen.findByTestId('update-prompt');
  expect(prompt.textContent).toContain('A new version of the app is available');
  expect(waiting.postMessage).not.toHaveBeenCalled();
  expect(reload).not.toHaveBeenCalled();

  fireEvent.click(screen.getByTestId('update-reload'));
  expect(waiting.postMessage).toHaveBeenCalledWith(SKIP_WAITING_MESSAGE);
  expect(reload).not.toHaveBeenCalled(); // not before the new worker has taken over
  later.raw.dispatchEvent(new Event('controllerchange'));
  expect(reload).toHaveBeenCalledTimes(1);
});
