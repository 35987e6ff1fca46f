// "Reduce motion" in Chromium: with the system setting on, the build's spinners stand still and its
// transitions are instant; without it they move as designed.
import { expect, test } from './fixtures';

/** The computed animation and transition of a spinner as the app draws one (Tailwind's animate-spin). */
async function spinnerMotion(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const el = document.createElement('div');
    el.className = 'animate-spin transition-opacity';
    document.body.append(el);
    const style = getComputedStyle(el);
    const motion = { animation: style.animationDuration, transition: style.transitionDuration };
    el.remove();
    return motion;
  });
}

test('spinners and transitions stand still when the member asks for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/login');
  await expect(page.locator('form')).toBeVisible();
  const moving = await spinnerMotion(page);
  expect(moving.animation).toBe('1s');
  expect(moving.transition).not.toBe('1e-05s');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await spinnerMotion(page)).toEqual({ animation: '1e-05s', transition: '1e-05s' });
});
