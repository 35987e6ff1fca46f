import { SOCKET_JOIN_CHECK_MS } from '@krapao/contracts/constants';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember, type Member } from './members';
import { screenshot, signIn } from './support';
import { fill, type Lang, texts, th } from './texts';

// Live money events (contracts/live.ts): money that arrives while the member looks shows at once,
// over the member's own socket, with no click and no refresh.

/**
 * Resolves once the page's live money socket is connected (socket.io's CONNECT answer). A readiness
 * wait, not a speed check: it spans the sign-in, home's first load and the idle time before the live
 * chunk loads, which took 17 s on a loaded 2-core machine.
 */
function liveSocketConnected(page: Page): Promise<unknown> {
  return page
    .waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/'), timeout: 45_000 })
    .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => String(f.payload).startsWith('40') }));
}

/** The member pays a new KBANK QR in their bank app (the sandbox gateway), out of the page's sight. */
async function payNewQr(page: Page, m: Member, amount: number) {
  const created = await page.request.post('/api/qrcode/KBANK', {
    headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': `live-${Date.now()}-${amount}` },
    data: { amount },
  });
  expect(created.ok()).toBeTruthy();
  const { qrcodeId } = (await created.json()) as { qrcodeId: string };
  expect((await page.request.post(`/dev/gateway/pay/${qrcodeId}`)).ok()).toBeTruthy();
}

/** Opens the deposit modal from home and creates a KBANK QR there: the modal, its panel, the QR's id. */
async function showNewQr(page: Page, m: Member, amount: number, lang: Lang = 'th') {
  const t = texts[lang];
  await page
    .getByRole('navigation', { name: t.wallet.home.actions, exact: true })
    .getByRole('button', { name: t.wallet.home.deposit, exact: true })
    .click();
  const deposit = page.getByRole('dialog', { name: t.deposit.title, exact: true });
  const kbank = deposit.getByRole('region', { name: t.deposit.qr.gateway.KBANK, exact: true });
  await kbank.getByRole('spinbutton', { name: t.deposit.qr.amount, exact: true }).fill(String(amount));
  await kbank.getByRole('button', { name: t.deposit.qr.create, exact: true }).click();
  await expect(kbank.getByRole('timer')).toBeVisible();
  const qr = await page.request.get('/api/qrcode/KBANK', { headers: { authorization: `Bearer ${m.token}` } });
  const { qrcodeId } = (await qr.json()) as { qrcodeId: string };
  return { deposit, kbank, qrcodeId };
}

/**
 * A new member signed in with the live socket connected; `offline()` takes the phone's network away
 * and resolves once that socket has closed.
 */
async function signedInWatchingSocket(page: Page, context: BrowserContext) {
  const m = await freshMember(page.request);
  const closed: boolean[] = [];
  page.on('websocket', (ws) => {
    const at = closed.push(false) - 1;
    ws.on('close', () => {
      closed[at] = true;
    });
  });
  const connected = liveSocketConnected(page);
  await signIn(page, m.phone, m.password);
  await connected;
  const offline = async () => {
    await context.setOffline(true);
    await expect.poll(() => closed[0]).toBe(true);
  };
  return { m, offline };
}

/**
 * Holds the page's sockets on their way to the server until the returned function is called, as on a
 * slow network: home has read its figures by then, so only the live socket can bring what came since.
 */
async function holdSockets(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
    await released;
    ws.connectToServer();
  });
  return release;
}

const depositToast = (page: Page, lang: Lang, amount: string) =>
  page.getByTestId('toast-success').filter({ hasText: fill(texts[lang].wallet.live.deposit, { amount }) });

test('a QR paid while the member is on home: the balance and a toast within 2 s, no click', async ({ page }) => {
  const m = await freshMember(page.request);
  const connected = liveSocketConnected(page);
  await signIn(page, m.phone, m.password);
  await expect(page.getByTestId('home-total')).toHaveText('0.00');
  await connected;

  await payNewQr(page, m, 135);
  await expect(page.getByTestId('home-total')).toHaveText('135.00', { timeout: 2_000 });
  await expect(depositToast(page, 'th', '135.00')).toBeVisible({ timeout: 2_000 });
  // Below the header: its language switch and logout stay in reach while the toast shows.
  const header = (await page.locator('header').first().boundingBox())!;
  const toast = (await depositToast(page, 'th', '135.00').boundingBox())!;
  expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
  await screenshot(page, 'live-toast-th');
});

test('a QR paid while home reloads: its socket hears it once connected, with a toast and no click', async ({
  page,
}) => {
  const m = await freshMember(page.request);
  const connected = liveSocketConnected(page);
  await signIn(page, m.phone, m.password);
  await connected;
  // The socket's place in the member's events is kept for the tab (from the sign-in on).
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('krapao.liveCursor'))).not.toBeNull();

  // The reloaded page's socket is held until the QR is paid (holdSockets).
  const paid = await holdSockets(page);
  await page.reload();
  await expect(page.getByTestId('home-total')).toHaveText('0.00');
  await payNewQr(page, m, 135);
  paid();
  await expect(page.getByTestId('home-total')).toHaveText('135.00', { timeout: 10_000 });
  await expect(depositToast(page, 'th', '135.00')).toBeVisible({ timeout: 2_000 });
});

test('a QR paid between the sign-in and the live socket: heard once it connects, with a toast and no click', async ({
  page,
}) => {
  const m = await freshMember(page.request);
  // The socket is held until the QR is paid (holdSockets).
  const paid = await holdSockets(page);
  await signIn(page, m.phone, m.password);
  await expect(page.getByTestId('home-total')).toHaveText('0.00');
  await payNewQr(page, m, 135);
  paid();
  await expect(page.getByTestId('home-total')).toHaveText('135.00', { timeout: 10_000 });
  await expect(depositToast(page, 'th', '135.00')).toBeVisible({ timeout: 2_000 });
});

test('the open deposit modal shows its QR paid, then transfer-done closes it', async ({ page }) => {
  const m = await freshMember(page.request);
  const connected = liveSocketConnected(page);
  await signIn(page, m.phone, m.password);
  await connected;
  const { deposit, kbank, qrcodeId } = await showNewQr(page, m, 100);

  expect((await page.request.post(`/dev/gateway/pay/${qrcodeId}`)).ok()).toBeTruthy();
  await expect(kbank.getByText(th.deposit.qr.paid, { exact: true })).toBeVisible({ timeout: 2_000 });
  await expect(kbank.getByRole('timer')).toBeHidden();
  // The paid state says it: no toast repeats it. Counted now, not awaited (a toast would be gone in
  // TOAST_DURATION_MS); the event that showed the paid state decided the toast already.
  expect(await depositToast(page, 'th', '100.00').count()).toBe(0);
  await screenshot(page, 'live-qr-paid-th');
  await kbank.getByRole('button', { name: th.deposit.qr.done, exact: true }).click();
  await expect(deposit).toBeHidden();
  await expect(page.getByTestId('home-total')).toHaveText('100.00');
});

test('money paid while the member was offline shows once the live socket is back, with no click', async ({
  page,
  context,
}) => {
  const { m, offline } = await signedInWatchingSocket(page, context);
  await expect(page.getByTestId('home-total')).toHaveText('0.00');

  // The phone loses its network: the live socket drops and the server has nobody to tell.
  await offline();
  await payNewQr(page, m, 75);
  // More than one reconnection attempt (SOCKET_JOIN_CHECK_MS) fails meanwhile; nothing shows the credit.
  await page.waitForTimeout(SOCKET_JOIN_CHECK_MS + 1_000);
  await expect(page.getByTestId('home-total')).toHaveText('0.00');

  // Back online, the next attempt connects with the cursor it last heard: the server sends the
  // deposit it kept, the app reads the wallet again by itself and says so.
  const reread = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/wallet', {
    timeout: SOCKET_JOIN_CHECK_MS + 5_000,
  });
  await context.setOffline(false);
  await expect(depositToast(page, 'th', '75.00')).toBeVisible({ timeout: SOCKET_JOIN_CHECK_MS + 5_000 });
  await reread;
  await expect(page.getByTestId('home-total')).toHaveText('75.00');
  await screenshot(page, 'live-resync-th');
});

for (const lang of ['th', 'la', 'en'] as const) {
  test(`a QR paid while the phone was offline shows paid in the open modal once the socket is back (${lang})`, async ({
    page,
    context,
  }) => {
    const t = texts[lang];
    await page.addInitScript((l) => localStorage.setItem('krapao.locale', l), lang);
    const { m, offline } = await signedInWatchingSocket(page, context);
    const { deposit, kbank, qrcodeId } = await showNewQr(page, m, 90, lang);

    await offline();
    expect((await page.request.post(`/dev/gateway/pay/${qrcodeId}`)).ok()).toBeTruthy();
    await page.waitForTimeout(SOCKET_JOIN_CHECK_MS + 1_000);
    await expect(kbank.getByRole('timer')).toBeVisible();

    await context.setOffline(false);
    await expect(kbank.getByText(t.deposit.qr.paid, { exact: true })).toBeVisible({
      timeout: SOCKET_JOIN_CHECK_MS + 5_000,
    });
    // Not offered again as a new QR to pay; the paid state says it, so no toast repeats it.
    await expect(kbank.getByRole('button', { name: t.deposit.qr.create, exact: true })).toBeHidden();
    expect(await depositToast(page, lang, '90.00').count()).toBe(0);
    await screenshot(page, `live-qr-paid-gap-${lang}`);
    await kbank.getByRole('button', { name: t.deposit.qr.done, exact: true }).click();
    await expect(deposit).toBeHidden();
    await expect(page.getByTestId('home-total')).toHaveText('90.00');
  });
}

for (const lang of ['la', 'en'] as const) {
  test(`the deposit toast in ${lang}`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('krapao.locale', l), lang);
    const m = await freshMember(page.request);
    const connected = liveSocketConnected(page);
    await signIn(page, m.phone, m.password);
    await connected;
    await payNewQr(page, m, 40);
    await expect(depositToast(page, lang, '40.00')).toBeVisible({ timeout: 2_000 });
    await expect(page.getByTestId('home-total')).toHaveText('40.00');
    await screenshot(page, `live-toast-${lang}`);
  });
}

test('a transfer settled in its own request: its confirmation, and no live toast repeating it', async ({ page }) => {
  const m = await freshMember(page.request, { deposit: 200 });
  const headers = { authorization: `Bearer ${m.token}` };
  expect((await page.request.get('/api/wallet/activate/JOKER', { headers })).ok()).toBeTruthy();
  // Every live money frame the page receives.
  const frames: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
  const connected = liveSocketConnected(page);
  await signIn(page, m.phone, m.password);
  await connected;
  try {
    // The provider applies the transfer and its answer is lost: the request asks it, and settles.
    const faults = { next: ['lostResponse'], methods: ['deposit'] };
    expect((await page.request.put('/dev/provider-faults', { data: faults })).ok()).toBeTruthy();
    await page.getByRole('button', { name: th.wallet.home.transfer, exact: true }).click();
    const transfer = page.getByRole('dialog', { name: th.wallet.transfer.title, exact: true });
    await transfer.getByRole('combobox', { name: th.wallet.transfer.to, exact: true }).selectOption('JOKER');
    await transfer.getByRole('spinbutton', { name: th.wallet.transfer.amount, exact: true }).fill('50');
    await transfer.getByRole('button', { name: th.wallet.transfer.submit, exact: true }).click();
    await expect(transfer).toBeHidden();
    await expect(page.getByTestId('toast-success').filter({ hasText: th.wallet.transfer.success })).toBeVisible();
  } finally {
    await page.request.put('/dev/provider-faults', { data: {} });
  }
  // The server told the socket; the app showed the request's answer once.
  await expect.poll(() => frames.some((f) => f.includes('"transfer-done"'))).toBe(true);
  const live = fill(th.wallet.live['transfer-done'], { amount: '50.00' });
  // Counted now, not awaited: a toast would be gone in TOAST_DURATION_MS.
  expect(await page.getByTestId('toast-success').filter({ hasText: live }).count()).toBe(0);
  await screenshot(page, 'live-transfer-answered-th');
});
