import { expect, test } from './fixtures';
import { freshMember } from './members';
import { register, setSettings, signIn } from './support';
import { th } from './texts';

const c = th.common;
const exact = { exact: true };

const TOKEN = 'krapao.token';

test('sign in without remember-me keeps the token for this tab only', async ({ page }) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  expect(await page.evaluate((k) => sessionStorage.getItem(k), TOKEN)).toBeTruthy();
  expect(await page.evaluate((k) => localStorage.getItem(k), TOKEN)).toBeNull();
});

test('sign in with remember-me keeps the token; logout clears it and the server forgets it', async ({ page }) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password, true);
  const token = await page.evaluate((k) => localStorage.getItem(k), TOKEN);
  expect(token).toBeTruthy();
  await expect(page.getByTestId('app-name')).toHaveText('Krapao');
  await page.getByRole('button', { name: c.actions.logout, exact: true }).click();
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
  const m = await freshMember(page.request);
  await page.goto('/login');
  await page.getByLabel(c.login.username, exact).fill(m.phone);
  await page.getByLabel(c.login.password, exact).fill('wrong-password');
  await page.getByRole('button', { name: c.login.submit, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: th.errors.WRONG_CREDENTIAL })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('change password: success dialog, the old password stops working, the new one signs in', async ({ page }) => {
  await setSettings(page.request, { registerOTP: false });
  const m = await register(page);
  await page.waitForURL('**/login', { timeout: 6_000 });
  await signIn(page, m.phone, m.password);
  // Registered in the browser, the member has not accepted the terms: home opens them after 1.5 s.
  const terms = page.getByRole('dialog', { name: c.agreement.title, exact: true });
  await terms.getByRole('button', { name: c.agreement.accept, exact: true }).click();
  await expect(terms).toBeHidden();
  await page.getByRole('link', { name: c.menu.profile, exact: true }).click();
  await page.waitForURL('**/user/profile');
  await expect(page.getByTestId('profile-id')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('profile-created')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(page.getByTestId('profile-account-no')).toHaveText(/^\d{3}-\d{3}-\d{4}$/);

  await page.getByRole('button', { name: th.profile.changePassword, exact: true }).click();
  const modal = page.getByRole('dialog', { name: th.profile.changePassword, exact: true });
  const oldPassword = modal.getByLabel(th.profile.oldPassword, exact);
  const newPassword = modal.getByLabel(th.profile.newPassword, exact);
  const confirmPassword = modal.getByLabel(th.profile.confirmPassword, exact);
  const save = modal.getByRole('button', { name: c.actions.save, exact: true });
  await oldPassword.fill('not-my-password');
  await newPassword.fill('newsecret1');
  await confirmPassword.fill('newsecret1');
  await save.click();
  const failed = page.getByRole('alertdialog', { name: c.dialog.errorTitle, exact: true });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: c.actions.ok, exact: true }).click();
  await expect(failed).toHaveCount(0);

  // The modal stays open for another try.
  await oldPassword.fill(m.password);
  await newPassword.fill('newsecret1');
  await confirmPassword.fill('newsecret2');
  await save.click();
  await expect(modal).toContainText(th.profile.passwordsNotEqual);
  await confirmPassword.fill('newsecret1');
  await save.click();
  const saved = page.getByRole('alertdialog', { name: c.dialog.successTitle, exact: true });
  await expect(saved).toBeVisible();
  await saved.getByRole('button', { name: c.actions.ok, exact: true }).click();
  // The session continues with the fresh token the server handed back.
  await page.reload();
  await expect(page.getByLabel(th.profile.username, exact)).toHaveValue(m.phone);

  await page.getByRole('button', { name: c.actions.logout, exact: true }).click();
  await page.waitForURL('**/login');
  await page.getByLabel(c.login.username, exact).fill(m.phone);
  await page.getByLabel(c.login.password, exact).fill(m.password);
  await page.getByRole('button', { name: c.login.submit, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: th.errors.WRONG_CREDENTIAL })).toBeVisible();
  await signIn(page, m.phone, 'newsecret1');
});
