import { expect, test } from './fixtures';
import { freshAccountNo, freshPhone, registerStep, setSettings, signIn } from './support';
import { texts } from './texts';

// The Laos build speaks Lao.
const c = texts.la.common;
const r = texts.la.register;
const exact = { exact: true };
const next = { name: c.actions.next, exact: true };

test('the Laos build: Lao by default, an 8-digit phone, LAK preselected, registration sends LAK', async ({ page }) => {
  await setSettings(page.request, { registerOTP: false });
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'lo');
  const phone = freshPhone('20', 8);
  const step = registerStep(page, 'la');
  await step.phone.getByLabel(r.phone, exact).fill(phone);
  await step.phone.getByRole('button', next).click();
  await step.profile.getByLabel(r.name, exact).fill('Lao Player');
  await step.profile.getByLabel(r.password, exact).fill('secret123');
  await step.profile.getByLabel(r.confirmPassword, exact).fill('secret123');
  await step.profile.getByRole('button', next).click();
  await expect(step.bank.getByLabel(r.currency, exact)).toHaveValue('LAK');
  await step.bank.getByLabel(r.bank, exact).selectOption('BCEL');
  await step.bank.getByLabel(r.firstName, exact).fill('souk');
  await step.bank.getByLabel(r.lastName, exact).fill('vongsa');
  await step.bank.getByLabel(r.accountNo, exact).fill(freshAccountNo());
  const [request] = await Promise.all([
    page.waitForRequest((req) => req.url().endsWith('/api/account') && req.method() === 'POST'),
    step.bank.getByRole('button', { name: r.submit, exact: true }).click(),
  ]);
  expect(request.postDataJSON()).toMatchObject({ username: phone, currency: 'LAK', bankCode: 'BCEL' });
  await page.waitForURL('**/login', { timeout: 6_000 });
  await page.screenshot({ path: 'test-results/screens/laos-login.png', fullPage: true });
  await signIn(page, phone, 'secret123');
});
