import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, reloadForChunkError, shouldReloadFor } from './chunk-reload';

const chromium = new TypeError('Failed to fetch dynamically imported module: https://x.test/assets/home-route-1.js');
const firefox = new TypeError('error loading dynamically imported module: https://x.test/assets/home-route-1.js');
const safari = new TypeError('Importing a module script failed.');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('chunk-load recovery', () => {
  it.each([chromium, firefox, safari])('knows a failed dynamic import: %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('leaves every other error to the error screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(shouldReloadFor(new Error('render failed'))).toBe(false);
  });

  it('reloads once, then not again within the window, then again after it', () => {
    const reload = vi.fn();
    const start = 1_000_000;
    expect(shouldReloadFor(chromium, start)).toBe(true);
    reloadForChunkError(reload, start);
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page fails the same way: the error screen, no second reload.
    expect(shouldReloadFor(chromium, start + 5_000)).toBe(false);
    expect(shouldReloadFor(chromium, start + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(shouldReloadFor(chromium, start + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
  });

  it('does not reload while offline (the reload would fail the same way)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(shouldReloadFor(chromium)).toBe(false);
  });

  it('never reloads when the session cannot remember it', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const reload = vi.fn();
    expect(shouldReloadFor(chromium)).toBe(false);
    reloadForChunkError(reload);
    expect(reload).not.toHaveBeenCalled();
  });
});
