import { expect, test } from '@playwright/test';
import { DEMO, screenshot, signIn } from './support';

test('home and statement render in Thai, Lao and English at phone width', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password);
  await page.evaluate(() => localStorage.setItem('krapao.agreement', 'true'));
  for (const lang of ['th', 'la', 'en'] as const) {
    await page.goto('/user/home');
    await page.getByTestId('lang-switch').selectOption(lang);
    await expect(page.getByTestId('carousel-slot')).toBeVisible();
    await expect(page.getByTestId('home-total')).toContainText('.');
    await screenshot(page, `home-${lang}`);
    await page.getByTestId('menu-statement').click();
    await expect(page.getByTestId('statement-row').first()).toBeVisible();
    await screenshot(page, `statement-${lang}`);
  }
});

test('deposit, withdraw, bonus, spin, invite and refund screens in Thai, Lao and English at phone width', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.username, DEMO.password);
  await page.evaluate(() => localStorage.setItem('krapao.agreement', 'true'));
  for (const lang of ['th', 'la', 'en'] as const) {
    await page.goto('/user/home');
    await page.getByTestId('lang-switch').selectOption(lang);
    await expect(page.getByTestId('home-total')).toContainText('.');
    for (const [action, modal] of [
      ['deposit', 'deposit-modal'],
      ['withdraw', 'withdraw-modal'],
      ['invite', 'invite-modal'],
      ['refund', 'refund-modal'],
    ] as const) {
      await page.getByTestId(`action-${action}`).click();
      const banners = page.getByTestId('banner-modal');
      if (
        await banners.waitFor({ timeout: 1_500 }).then(
          () => true,
          () => false,
        )
      ) {
        await page.getByTestId('banner-modal-continue').click();
      }
      await expect(page.getByTestId(modal)).toBeVisible();
      await screenshot(page, `screen-${action}-${lang}`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(modal)).toBeHidden();
    }
    await page.goto('/user/bonus');
    await expect(page.getByTestId('bonus-grid')).toBeVisible();
    await screenshot(page, `screen-bonus-${lang}`);
    await page.goto('/user/spin');
    await expect(page.getByTestId('spin-wheel-name')).not.toBeEmpty();
    await screenshot(page, `screen-spin-${lang}`);
  }
});
