import { expect, test } from '@playwright/test';
import { DEMO, setSettings, signIn } from './support';

test('a protected route without a token goes to /login and calls nothing member-only', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => calls.push(new URL(r.url()).pathname));
  await page.goto('/user/statement');
  await page.waitForURL('**/login');
  expect(calls.filter((p) => p.startsWith('/api/statement') || p.startsWith('/api/account'))).toEqual([]);
  expect(calls).toContain('/api/lookup/active');
  await page.goto('/');
  await page.waitForURL('**/login');
});

test('/ and /user lead a signed-in member to /user/home; a reload of a deep link stays', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password, true);
  await page.goto('/user');
  await page.waitForURL('**/user/home');
  await page.goto('/user/profile');
  await page.reload();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByTestId('profile-username')).toHaveValue(DEMO.username);
});

test('the logged-out layout ends a remembered session', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password, true);
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('krapao.token'))).toBeNull();
  await page.goto('/user');
  await page.waitForURL('**/login');
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toContainText('Page Not Found');
  await expect(page).toHaveTitle(/Page Not Found/);
});

test('site closed: /login goes to /terminated, and a member call that answers gone does too', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password, true);
  await setSettings(page.request, { active: false });
  try {
    await page.goto('/user/profile');
    await page.waitForURL('**/terminated');
    await expect(page.getByTestId('terminated')).toBeVisible();
    await page.goto('/login');
    await page.waitForURL('**/terminated');
  } finally {
    await setSettings(page.request, { active: true });
  }
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
});

test('menus: public bottom menu and the member bottom menu with the conditions modal', async ({ page }) => {
  await page.goto('/login');
  const items: [string, string][] = [
    ['menu-register', '/register'],
    ['menu-howto', '/howto'],
    ['menu-contact', '/contact'],
    ['menu-login', '/login'],
  ];
  for (const [id, path] of items) {
    await page.getByTestId(id).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await signIn(page, DEMO.username, DEMO.password);
  await page.getByTestId('menu-conditions').click();
  await expect(page.getByTestId('conditions-modal')).toBeVisible();
  await expect(page.getByTestId('condition-item').first()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/home$/);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await page.getByTestId('menu-contact').click();
  await expect(page.getByTestId('contact-version')).toContainText('1.1.14');
});

test('how-to plays each tutorial video in a modal; contact shows the LINE QR', async ({ page }) => {
  await page.goto('/howto');
  await page.getByTestId('howto-item-wallet').click();
  await expect(page.getByTestId('howto-video')).toBeVisible();
  const video = page.getByTestId('howto-video').locator('video');
  await expect(video).toHaveAttribute('src', /howto\/wallet\.mp4$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(5);
  await page.goto('/contact');
  await expect(page.getByTestId('contact-line-qr')).toHaveAttribute('src', /^data:image\/png/);
  await expect(page.getByTestId('contact-line-link')).toHaveAttribute('href', /line\.me/);
  await expect(page.getByTestId('contact-version')).toContainText('1.1.14');
});
