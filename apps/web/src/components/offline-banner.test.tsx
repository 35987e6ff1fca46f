import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  vi.restoreAllMocks();
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

it('says "no connection" while the browser is offline, with a retry, and goes away once it is back', () => {
  render(<OfflineBanner />);
  expect(screen.queryByTestId('offline-banner')).toBeNull();
  goOffline(true);
  const banner = screen.getByRole('alert');
  expect(banner.textContent).toContain('No connection');
  expect(screen.getByTestId('offline-retry').textContent).toBe('Try again');
  goOffline(false);
  expect(screen.queryByTestId('offline-banner')).toBeNull();
});

it('retry reloads the page', () => {
  const reload = vi.fn();
  goOffline(true);
  render(<OfflineBanner reload={reload} />);
  fireEvent.click(screen.getByTestId('offline-retry'));
  expect(reload).toHaveBeenCalledTimes(1);
});
