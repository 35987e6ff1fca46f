import { expect, test } from './fixtures';
import { freshMember } from './members';
import { registerStep, screenshot, signIn } from './support';
import { anyLang, langSwitch, texts } from './texts';

test('Thai by default; switching to English and Lao changes the texts and survives a reload', async ({ page }) => {
  await page.goto('/login');
  const button = page
    .getByRole('form', { name: anyLang((t) => t.common.login.title) })
    .getByRole('button', { name: anyLang((t) => t.common.login.submit) });
  await expect(button).toHaveText('เข้าสู่ระบบ');
  await screenshot(page, 'login-th');
  await langSwitch(page).selectOption('en');
  await expect(button).toHaveText('Log in');
  await screenshot(page, 'login-en');
  await page.reload();
  await expect(button).toHaveText('Log in');
  await langSwitch(page).selectOption('la');
  await expect(button).toHaveText(/[\u0E80-\u0EFF]/);
  await screenshot(page, 'login-la');
});

test('the member header switches language; profile and register in all three languages', async ({ page }) => {
  const m = await freshMember(page.request);
  await signIn(page, m.phone, m.password);
  await page.goto('/user/profile');
  for (const lang of ['th', 'la', 'en'] as const) {
    await langSwitch(page).selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', lang === 'la' ? 'lo' : lang);
    await expect(page.getByLabel(texts[lang].profile.username, { exact: true })).toHaveValue(m.phone);
    await screenshot(page, `profile-${lang}`);
  }
  await expect(page.getByRole('button', { name: texts.en.profile.changePassword, exact: true })).toBeVisible();
  await page.getByRole('button', { name: texts.en.common.actions.logout, exact: true }).click();
  for (const lang of ['th', 'la', 'en'] as const) {
    await page.goto('/login');
    await langSwitch(page).selectOption(lang);
    const menu = page.getByRole('navigation', { name: texts[lang].common.menu.label, exact: true });
    await menu.getByRole('link', { name: texts[lang].common.menu.register, exact: true }).click();
    await expect(registerStep(page, lang).phone).toBeVisible();
    await screenshot(page, `register-${lang}`);
  }
});
