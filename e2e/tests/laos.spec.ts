import { expect, test } from '@playwright/test';
import { freshAccountNo, setSettings, signIn } from './support';

test('the Laos build: Lao by default, an 8-digit phone, LAK preselected, registration sends LAK', async ({ page }) => {
  await setSettings(page.request, { registerOTP: false });
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  const phone = `20${Date.now() % 1_000_000}`.padEnd(8, '5').slice(0, 8);
  await page.getByTestId('register-phone').fill(phone);
  await page.getByTestId('register-step-1').getByTestId('register-next').click();
  await page.getByTestId('register-name').fill('Lao Player');
  await page.getByTestId('register-password').fill('secret123');
  await page.getByTestId('register-confirm-password').fill('secret123');
  await page.getByTestId('register-step-3').getByTestId('register-next').click();
  await expect(page.getByTestId('register-currency')).toHaveValue('LAK');
  await page.getByTestId('register-bank').selectOption('BCEL');
  await page.getByTestId('register-first-name').fill('souk');
  await page.getByTestId('register-last-name').fill('vongsa');
  await page.getByTestId('register-account-no').fill(freshAccountNo());
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/account') && r.method() === 'POST'),
    page.getByTestId('register-submit').click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ username: phone, currency: 'LAK', bankCode: 'BCEL' });
  await page.waitForURL('**/login', { timeout: 6_000 });
  await page.screenshot({ path: 'test-results/screens/laos-login.png', fullPage: true });
  await signIn(page, phone, 'secret123');
});
