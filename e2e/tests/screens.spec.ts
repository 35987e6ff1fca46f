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
