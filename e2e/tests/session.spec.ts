import { expect, test } from '@playwright/test';
import { DEMO, register, setSettings, signIn } from './support';

const TOKEN = 'krapao.token';

test('sign in without remember-me keeps the token for this tab only', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password);
  expect(await page.evaluate((k) => sessionStorage.getItem(k), TOKEN)).toBeTruthy();
  expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN)).toBeNull();
});

test('sign in with remember-me keeps the token; logout clears it and the server forgets it', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password, true);
  const token = await page.evaluate((k) => localStorage.getItem(k), TOKEN);
  expect(token).toBeTruthy();
  await expect(page.getByTestId('app-name')).toHaveText('Krapao');
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
  expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN)).toBeNull();
  expect(
    await page.evaluate(() => [localStorage.getItem('krapao.agreement'), localStorage.getItem('krapao.lastSync')]),
  ).toEqual([null, null]);
  await expect
    .poll(async () =>
      (await page.request.get('/api/account/profile', { headers: { authorization: `Bearer ${token}` } })).status(),
    )
    .toBe(401);
  await page.goto('/user/profile');
  await page.waitForURL('**/login');
});

test('a wrong password shows the translated error and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(DEMO.username);
  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('toast-danger')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('change password: success dialog, the old password stops working, the new one signs in', async ({ page }) => {
  await setSettings(page.request, { registerOTP: false });
  const m = await register(page);
  await page.waitForURL('**/login', { timeout: 6_000 });
  await signIn(page, m.phone, m.password);
  await page.getByTestId('menu-profile').click();
  await page.waitForURL('**/user/profile');
  await expect(page.getByTestId('profile-id')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('profile-created')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('profile-account-no')).toHaveText(/^\d{3}-\d{3}-\d{4}$/);

  await page.getByTestId('change-password-open').click();
  await page.getByTestId('cp-old').fill('not-my-password');
  await page.getByTestId('cp-new').fill('newsecret1');
  await page.getByTestId('cp-confirm').fill('newsecret1');
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId('error-dialog')).toBeVisible();
  await page.getByTestId('error-dialog').getByRole('button').first().click();
  await expect(page.getByTestId('error-dialog')).toHaveCount(0);

  // The modal stays open for another try.
  await page.getByTestId('cp-old').fill(m.password);
  await page.getByTestId('cp-new').fill('newsecret1');
  await page.getByTestId('cp-confirm').fill('newsecret2');
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId('change-password-modal')).toContainText(/ไม่ตรงกัน/);
  await page.getByTestId('cp-confirm').fill('newsecret1');
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId('success-dialog')).toBeVisible();
  await page.getByTestId('success-dialog').getByRole('button').first().click();
  // The session continues with the fresh token the server handed back.
  await page.reload();
  await expect(page.getByTestId('profile-username')).toHaveValue(m.phone);

  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
  await page.getByTestId('login-username').fill(m.phone);
  await page.getByTestId('login-password').fill(m.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('toast-danger')).toBeVisible();
  await signIn(page, m.phone, 'newsecret1');
});
