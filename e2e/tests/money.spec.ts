import { expect, type Page, test } from '@playwright/test';
import { DEMO, screenshot, signIn } from './support';

const amountOf = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d.-]/g, ''));

test('open a game account, move money in, play the demo game, move it back, see the statement', async ({ page }) => {
  await signIn(page, DEMO.username, DEMO.password);
  await expect(page.getByTestId('home-total')).toContainText('.');
  // The terms open by themselves on a first visit; accepting them records it on the server and in
  // the local flag (on a retry the server already knows, and the modal stays shut).
  const accept = page.getByTestId('agreement-accept');
  if (
    await accept.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    await accept.click();
  await expect(page.getByTestId('agreement-modal')).toBeHidden();
  const token = await page.evaluate(
    () => sessionStorage.getItem('krapao.token') ?? localStorage.getItem('krapao.token'),
  );
  const accepted = async () =>
    (await (await page.request.get('/api/account/agreement', { headers: { authorization: `Bearer ${token}` } })).json())
      .accepted;
  await expect.poll(accepted).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('krapao.agreement'))).toBeTruthy();
  await screenshot(page, 'home-th');

  // Open the JOKER account (skipped when a retry finds it open already).
  await page.getByTestId('game-card-JOKER').click();
  const modal = page.getByTestId('game-modal');
  await expect(modal).toBeVisible();
  if (await page.getByTestId('game-activate').isVisible()) await page.getByTestId('game-activate').click();
  await expect(page.getByTestId('game-username')).not.toBeEmpty();
  await screenshot(page, 'game-modal-th');

  // Transfer only: 100 into JOKER.
  const before = await amountOf(page, 'game-balance-JOKER');
  await page.getByTestId('game-transfer-only').click();
  const transfer = page.getByTestId('transfer-modal');
  await expect(transfer).toBeVisible();
  await expect(page.getByTestId('transfer-to')).toHaveValue('JOKER');
  await page.getByTestId('transfer-amount').fill('100');
  await page.getByTestId('transfer-submit').click();
  await expect(transfer).toBeHidden();
  await expect.poll(() => amountOf(page, 'game-balance-JOKER')).toBe(before + 100);

  // Transfer and play: the rest of the wallet goes in, then the form POST to the provider (another origin).
  await page.getByTestId('game-card-JOKER').click();
  await page.getByTestId('game-play').click();
  await page.waitForURL(/\/demo-provider\//);
  expect(new URL(page.url()).host).not.toBe(new URL(test.info().project.use.baseURL!).host);
  await expect(page.locator('#balance')).not.toHaveText('–');
  const bet = page.locator('#bets button').first();
  await bet.click();
  await page.locator('#spin').click();
  await expect(page.locator('#history li')).toHaveCount(1);
  const providerBalance = Number(((await page.locator('#balance').textContent()) ?? '').replace(/[^\d.]/g, ''));
  await page.screenshot({ path: 'test-results/screens/demo-game.png' });

  // Back home: the refresh books the result, so the card shows the provider's balance.
  await page.goto('/user/home');
  await expect.poll(() => amountOf(page, 'game-balance-JOKER')).toBe(providerBalance);

  // Move 10 back to the wallet.
  await page.getByTestId('home-transfer').click();
  await page.getByTestId('transfer-from').selectOption('JOKER');
  await page.getByTestId('transfer-to').selectOption('WALLET');
  await page.getByTestId('transfer-amount').fill('10');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-modal')).toBeHidden();
  await expect.poll(() => amountOf(page, 'game-balance-JOKER')).toBeCloseTo(providerBalance - 10, 2);

  // The statement shows the three transfers, newest first.
  await page.getByTestId('menu-statement').click();
  const rows = page.getByTestId('statement-row');
  await expect(rows.first()).toHaveAttribute('data-type', 'transfer');
  await expect(rows.first()).toHaveAttribute('data-status', 'success');
  await expect(rows.first().getByTestId('statement-amount')).toHaveText('10.00');
  expect(await page.locator(`[data-testid="statement-row"][data-type="transfer"]`).count()).toBeGreaterThanOrEqual(3);
  await screenshot(page, 'statement-th');
});
