import { expect, test } from '@playwright/test';
import { DEMO, screenshot, signIn } from './support';

test('Thai by default; switching to English and Lao changes the texts and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-submit')).toHaveText('เข้าสู่ระบบ');
  await screenshot(page, 'login-th');
  await page.getByTestId('lang-switch').selectOption('en');
  await expect(page.getByTestId('login-submit')).toHaveText('Log in');
  await screenshot(page, 'login-en');
  await page.reload();
  await expect(page.getByTestId('login-submit')).toHaveText('Log in');
  await page.getByTestId('lang-switch').selectOption('la');
  await expect(page.getByTestId('login-submit')).toHaveText(/[\u0E80-\u0EFF]/);
  await screenshot(page, 'login-la');
});

test('the member header switches language; profile and register in all three languages', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password);
  await page.goto('/user/profile');
  for (const lang of ['th', 'la', 'en'] as const) {
    await page.getByTestId('lang-switch').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'la' ? 'lo' : lang);
    await expect(page.getByTestId('profile-username')).toHaveValue(DEMO.username);
    await screenshot(page, `profile-${lang}`);
  }
  await expect(page.getByTestId('change-password-open')).toBeVisible();
  await page.getByTestId('logout').click();
  for (const lang of ['th', 'la', 'en'] as const) {
    await page.goto('/login');
    await page.getByTestId('lang-switch').selectOption(lang);
    await page.getByTestId('menu-register').click();
    await expect(page.getByTestId('register-step-1')).toBeVisible();
    await screenshot(page, `register-${lang}`);
  }
});
