import { expect, test } from './fixtures';
import { freshMember } from './members';
import { setSettings, signIn } from './support';
import { th } from './texts';

const c = th.common;
const loginForm = { name: c.login.title, exact: true };

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
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password, true);
  await page.goto('/user');
  await page.waitForURL('**/user/home');
  await page.goto('/user/profile');
  await page.reload();
  await expect(page).toHaveURL(/\/user\/profile$/);
  await expect(page.getByLabel(th.profile.username, { exact: true })).toHaveValue(m.phone);
});

test('the logged-out layout ends a remembered session', async ({ page }) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password, true);
  await page.goto('/login');
  await expect(page.getByRole('form', loginForm)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('krapao.token'))).toBeNull();
  await page.goto('/user');
  await page.waitForURL('**/login');
});

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found', exact: true })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
});

test('site closed: /login goes to /terminated, and a member call that answers gone does too', async ({ page }) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password, true);
  await setSettings(page.request, { active: false });
  try {
    await page.goto('/user/profile');
    await page.waitForURL('**/terminated');
    await expect(page.getByRole('heading', { level: 1, name: c.terminated.title, exact: true })).toBeVisible();
    await page.goto('/login');
    await page.waitForURL('**/terminated');
  } finally {
    await setSettings(page.request, { active: true });
  }
  await page.goto('/login');
  await expect(page.getByRole('form', loginForm)).toBeVisible();
});

test('menus: public bottom menu and the member bottom menu with the conditions modal', async ({ page }) => {
  await page.goto('/login');
  const menu = page.getByRole('navigation', { name: c.menu.label, exact: true });
  const items: [string, string][] = [
    [c.menu.register, '/register'],
    [c.menu.howto, '/howto'],
    [c.menu.contact, '/contact'],
    [c.menu.login, '/login'],
  ];
  for (const [name, path] of items) {
    await menu.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  await page.getByRole('button', { name: c.menu.conditions, exact: true }).click();
  const conditions = page.getByRole('dialog', { name: c.conditions.title, exact: true });
  await expect(conditions).toBeVisible();
  await expect(conditions.getByRole('listitem').first()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/home$/);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await menu.getByRole('link', { name: c.menu.contact, exact: true }).click();
  await expect(page.getByTestId('contact-version')).toContainText('1.1.14');
});

test('how-to plays each tutorial video in a modal; contact shows the LINE QR', async ({ page }) => {
  await page.goto('/howto');
  await page.getByRole('button', { name: c.howto.items.wallet }).click();
  const player = page.getByRole('dialog', { name: c.howto.items.wallet, exact: true });
  await expect(player).toBeVisible();
  const video = player.locator('video');
  await expect(video).toHaveAttribute('src', /howto\/wallet\.mp4$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(5);
  await page.goto('/contact');
  await expect(page.getByRole('img', { name: c.contact.qrAlt, exact: true })).toHaveAttribute(
    'src',
    /^data:image\/png/,
  );
  await expect(page.getByRole('link', { name: c.contact.addLine, exact: true })).toHaveAttribute('href', /line\.me/);
  await expect(page.getByTestId('contact-version')).toContainText('1.1.14');
});
