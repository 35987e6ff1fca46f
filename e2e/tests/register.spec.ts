import { expect, test } from '@playwright/test';
import { freshPhone, latestOtp, register, setSettings, signIn } from './support';

test.describe('registration', () => {
  test('with OTP off: three steps, success toast, /login after 2 s, then sign in', async ({ page }) => {
    await setSettings(page.request, { registerOTP: false });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const m = await register(page);
    await expect(page.getByTestId('toast-success')).toBeVisible();
    await page.waitForURL('**/login', { timeout: 5_000 });
    expect(requests.some((u) => u.includes('/api/otp/send'))).toBe(false);
    await signIn(page, m.phone, m.password);
    await page.goto('/user/profile');
    await expect(page.getByTestId('profile-username')).toHaveValue(m.phone);
    await expect(page.getByTestId('profile-bank-holder')).toHaveText('SOMCHAI TESTER');
    await expect(page.getByTestId('profile-bank-name')).toHaveText('ธนาคารกรุงไทย');
  });

  test('with OTP on: the code from the SMS inbox, the reference shown, then registered', async ({ page }) => {
    await setSettings(page.request, { registerOTP: true });
    try {
      const phone = freshPhone();
      await page.goto('/register');
      await page.getByTestId('register-phone').fill(phone);
      await page.getByTestId('register-step-1').getByTestId('register-next').click();
      await expect(page.getByTestId('register-step-2')).toBeVisible();
      await expect(page.getByTestId('otp-ref')).toHaveText(/^[A-Z0-9]{4}$/);
      const code = await latestOtp(page.request, phone);
      await page.getByTestId('register-otp-code').fill(`${(Number(code[0]) + 1) % 10}${code.slice(1)}`);
      await page.getByTestId('register-otp-verify').click();
      await expect(
        page.getByTestId('toast-danger').or(page.getByTestId('register-step-2').getByRole('alert')),
      ).toBeVisible();
      await page.getByTestId('register-otp-code').fill(code);
      await page.getByTestId('register-otp-verify').click();
      await expect(page.getByTestId('register-step-3')).toBeVisible();
      await page.getByTestId('register-name').fill('OTP Player');
      await page.getByTestId('register-password').fill('secret123');
      await page.getByTestId('register-confirm-password').fill('secret123');
      await page.getByTestId('register-step-3').getByTestId('register-next').click();
      await page.getByTestId('register-bank').selectOption('SCB');
      await page.getByTestId('register-first-name').fill('สมหญิง');
      await page.getByTestId('register-last-name').fill('ทดสอบ');
      await page.getByTestId('register-account-no').fill(`${Date.now()}`.slice(-10));
      await page.getByTestId('register-submit').click();
      await page.waitForURL('**/login', { timeout: 6_000 });
      await signIn(page, phone, 'secret123');
    } finally {
      await setSettings(page.request, { registerOTP: false });
    }
  });

  test('refuses a 9-digit phone, mismatched passwords and a Thai name for KTB without calling on', async ({ page }) => {
    await setSettings(page.request, { registerOTP: false });
    await page.goto('/register');
    await page.getByTestId('register-phone').fill('081234567');
    await page.getByTestId('register-step-1').getByTestId('register-next').click();
    await expect(page.getByTestId('register-step-1')).toContainText('10');
    await expect(page.getByTestId('register-step-3')).toHaveCount(0);

    await page.getByTestId('register-phone').fill(freshPhone());
    await page.getByTestId('register-step-1').getByTestId('register-next').click();
    await page.getByTestId('register-name').fill('Mismatch');
    await page.getByTestId('register-password').fill('secret123');
    await page.getByTestId('register-confirm-password').fill('secret124');
    await page.getByTestId('register-step-3').getByTestId('register-next').click();
    await expect(page.getByTestId('register-step-3')).toContainText(/ไม่ตรงกัน/);

    await page.getByTestId('register-confirm-password').fill('secret123');
    await page.getByTestId('register-step-3').getByTestId('register-next').click();
    await page.getByTestId('register-bank').selectOption('KTB');
    await page.getByTestId('register-first-name').fill('สมชาย');
    await page.getByTestId('register-last-name').fill('ใจดี');
    await page.getByTestId('register-account-no').fill('1112223334');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-step-4')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('an existing phone is refused at step 3 with a toast', async ({ page }) => {
    await setSettings(page.request, { registerOTP: false });
    await page.goto('/register');
    await page.getByTestId('register-phone').fill('0800000001');
    await page.getByTestId('register-step-1').getByTestId('register-next').click();
    await page.getByTestId('register-name').fill('Someone');
    await page.getByTestId('register-password').fill('secret123');
    await page.getByTestId('register-confirm-password').fill('secret123');
    await page.getByTestId('register-step-3').getByTestId('register-next').click();
    await expect(page.getByTestId('toast-danger')).toBeVisible();
    await expect(page.getByTestId('register-step-3')).toBeVisible();
  });

  test('the inviter code from ?code= is kept and read-only', async ({ page }) => {
    await page.goto('/register?code=PR100001');
    await expect(page.getByTestId('register-step-1')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('krapao.inviterCode'))).toBe('PR100001');
    await page.goto('/register');
    await page.getByTestId('register-phone').fill(freshPhone());
    await page.getByTestId('register-step-1').getByTestId('register-next').click();
    const invite = page.getByTestId('register-invite-code');
    await expect(invite).toHaveValue('PR100001');
    await expect(invite).toHaveAttribute('readonly', '');
  });
});
