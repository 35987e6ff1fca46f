import { expect, test } from './fixtures';
import { freshMember } from './members';
import {
  freshPhone,
  latestOtp,
  register,
  registerStep,
  screenshot,
  setSettings,
  signIn,
  sourcesOfRegistration,
} from './support';
import { th } from './texts';

const r = th.register;
const next = { name: th.common.actions.next, exact: true };
const exact = { exact: true };

test.describe('registration', () => {
  test('with OTP off: three steps, success toast, /login after 2 s, then sign in', async ({ page }) => {
    await setSettings(page.request, { registerOTP: false });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const m = await register(page);
    await expect(page.getByRole('status').filter({ hasText: r.success })).toBeVisible();
    await page.waitForURL('**/login', { timeout: 5_000 });
    expect(requests.some((u) => u.includes('/api/otp/send'))).toBe(false);
    await signIn(page, m.phone, m.password);
    await page.goto('/user/profile');
    await expect(page.getByLabel(th.profile.username, exact)).toHaveValue(m.phone);
    await expect(page.getByTestId('profile-bank-holder')).toHaveText('SOMCHAI TESTER');
    await expect(page.getByTestId('profile-bank-name')).toHaveText('ธนาคารกรุงไทย');
  });

  test('with OTP on: the code from the SMS inbox, the reference shown, then registered', async ({ page }) => {
    const step = registerStep(page);
    await setSettings(page.request, { registerOTP: true });
    try {
      const phone = freshPhone();
      await page.goto('/register');
      await step.phone.getByLabel(r.phone, exact).fill(phone);
      await step.phone.getByRole('button', next).click();
      await expect(step.otp).toBeVisible();
      await expect(page.getByTestId('otp-ref')).toHaveText(/^[A-Z0-9]{4}$/);
      const code = await latestOtp(page.request, phone);
      await step.otp
        .getByRole('textbox', { name: r.otpCode, exact: true })
        .fill(`${(Number(code[0]) + 1) % 10}${code.slice(1)}`);
      await step.otp.getByRole('button', { name: r.verify, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: th.errors.OTP_CODE_INVALID })).toBeVisible();
      await step.otp.getByRole('textbox', { name: r.otpCode, exact: true }).fill(code);
      await step.otp.getByRole('button', { name: r.verify, exact: true }).click();
      await expect(step.profile).toBeVisible();
      await step.profile.getByLabel(r.name, exact).fill('OTP Player');
      await step.profile.getByLabel(r.password, exact).fill('secret123');
      await step.profile.getByLabel(r.confirmPassword, exact).fill('secret123');
      await step.profile.getByRole('button', next).click();
      await step.bank.getByLabel(r.bank, exact).selectOption('SCB');
      await step.bank.getByLabel(r.firstName, exact).fill('สมหญิง');
      await step.bank.getByLabel(r.lastName, exact).fill('ทดสอบ');
      await step.bank.getByLabel(r.accountNo, exact).fill(`${Date.now()}`.slice(-10));
      await step.bank.getByRole('button', { name: r.submit, exact: true }).click();
      await page.waitForURL('**/login', { timeout: 6_000 });
      await signIn(page, phone, 'secret123');
    } finally {
      await setSettings(page.request, { registerOTP: false });
    }
  });

  test('refuses a 9-digit phone, mismatched passwords and a Thai name for KTB without calling on', async ({ page }) => {
    const step = registerStep(page);
    await setSettings(page.request, { registerOTP: false });
    await page.goto('/register');
    await step.phone.getByLabel(r.phone, exact).fill('081234567');
    await step.phone.getByRole('button', next).click();
    await expect(step.phone).toContainText('10');
    await expect(step.profile).toHaveCount(0);

    await step.phone.getByLabel(r.phone, exact).fill(freshPhone());
    await step.phone.getByRole('button', next).click();
    await step.profile.getByLabel(r.name, exact).fill('Mismatch');
    await step.profile.getByLabel(r.password, exact).fill('secret123');
    await step.profile.getByLabel(r.confirmPassword, exact).fill('secret124');
    await step.profile.getByRole('button', next).click();
    await expect(step.profile).toContainText(th.common.validation.passwordsMismatch);

    await step.profile.getByLabel(r.confirmPassword, exact).fill('secret123');
    await step.profile.getByRole('button', next).click();
    await step.bank.getByLabel(r.bank, exact).selectOption('KTB');
    await step.bank.getByLabel(r.firstName, exact).fill('สมชาย');
    await step.bank.getByLabel(r.lastName, exact).fill('ใจดี');
    await step.bank.getByLabel(r.accountNo, exact).fill('1112223334');
    await step.bank.getByRole('button', { name: r.submit, exact: true }).click();
    await expect(step.bank).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('an existing phone is refused at step 3 with a toast', async ({ page }) => {
    const step = registerStep(page);
    await setSettings(page.request, { registerOTP: false });
    const existing = await freshMember(page.request);
    await page.goto('/register');
    await step.phone.getByLabel(r.phone, exact).fill(existing.phone);
    await step.phone.getByRole('button', next).click();
    await step.profile.getByLabel(r.name, exact).fill('Someone');
    await step.profile.getByLabel(r.password, exact).fill('secret123');
    await step.profile.getByLabel(r.confirmPassword, exact).fill('secret123');
    await step.profile.getByRole('button', next).click();
    await expect(page.getByRole('alert').filter({ hasText: th.errors.EXISTING_USER })).toBeVisible();
    await expect(step.profile).toBeVisible();
  });

  test('the sources read in the language the visitor chose', async ({ page }) => {
    await setSettings(page.request, { registerOTP: false });
    const friend = { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend' } as const;
    for (const lang of ['th', 'la', 'en'] as const) {
      const source = await sourcesOfRegistration(page, lang);
      await expect(source.locator('option[value="FRIEND"]')).toHaveText(friend[lang]);
      await expect(source.locator('option[value="FB"]')).toHaveText('Facebook');
      await source.selectOption('FRIEND');
      await screenshot(page, `register-sources-${lang}`);
    }
  });

  test('the inviter code from ?code= is kept and read-only', async ({ page }) => {
    const step = registerStep(page);
    await page.goto('/register?code=PR100001');
    await expect(step.phone).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('krapao.inviterCode'))).toBe('PR100001');
    await page.goto('/register');
    await step.phone.getByLabel(r.phone, exact).fill(freshPhone());
    await step.phone.getByRole('button', next).click();
    const invite = step.profile.getByLabel(r.inviteCode, exact);
    await expect(invite).toHaveValue('PR100001');
    await expect(invite).toHaveAttribute('readonly', '');
  });
});
