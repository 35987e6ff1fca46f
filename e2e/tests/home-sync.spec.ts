import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember, type Member } from './members';
import { screenshot, signIn } from './support';
import { th } from './texts';

// /user/home while the balance sync waits for a slow game provider (decision 095), or while the
// wallet's own answer is slow: skeletons, never a made-up 0.00 or an empty name, then the member's
// figures.

// The provider's faults are the whole server's: no other test of this file runs meanwhile.
test.describe.configure({ mode: 'serial' });

const FAULTS = '/dev/provider-faults';
/** Slower than a glance, well under PROVIDER_TIMEOUT_MS (5 s), so the sync still answers. */
const SLOW_MS = 2_500;

const bearer = (m: Member) => ({ authorization: `Bearer ${m.token}` });

// A request the service worker makes is not one the page's routes see (holdFirstCall).
test.use({ serviceWorkers: 'block' });

/**
 * Holds the page's first GET of `path` until the test has looked at the screen (a fixed delay alone
 * raced a slow machine's sign-in): `release` lets it go on, `answered` tells whether it has.
 */
async function holdFirstCall(page: Page, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = { release, answered: false };
  let calls = 0;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() === 'GET' && calls++ === 0) {
        await released;
        held.answered = true;
      }
      await route.continue();
    },
  );
  return held;
}

/** 300 baht deposited, a JOKER account opened and 100 moved into it: the sync asks the provider. */
async function memberWithGame(request: APIRequestContext): Promise<Member> {
  const m = await freshMember(request, { deposit: 300 });
  expect((await request.get('/api/wallet/activate/JOKER', { headers: bearer(m) })).ok()).toBeTruthy();
  const moved = await request.post('/api/wallet/transfer', {
    headers: { ...bearer(m), 'idempotency-key': `home-sync-${randomUUID()}` },
    data: { from: 'WALLET', to: 'JOKER', amount: 100 },
  });
  expect(moved.ok()).toBeTruthy();
  return m;
}

type Seen = { total: string | null; name: string | null; busy: boolean };

/** Records every state the home card goes through, from the first render on. */
async function watchHomeCard(page: Page) {
  await page.addInitScript(() => {
    const seen: Seen[] = [];
    (window as unknown as { homeSeen: Seen[] }).homeSeen = seen;
    const read = (id: string) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      if (!el) return { text: null, busy: false };
      return { text: el.textContent, busy: el.querySelector('[data-testid="skeleton"]') !== null };
    };
    const note = () => {
      const total = read('home-total');
      const name = read('home-name');
      if (total.text === null && name.text === null) return;
      const last = seen.at(-1);
      const now = { total: total.text, name: name.text, busy: total.busy || name.busy };
      if (!last || last.total !== now.total || last.name !== now.name || last.busy !== now.busy) seen.push(now);
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The card waited (skeletons first), then showed the member's figures; nothing made up in between. */
async function expectOnlyTrueFigures(page: Page, m: Member, total: string) {
  const seen = await page.evaluate(() => (window as unknown as { homeSeen: Seen[] }).homeSeen);
  expect(seen[0]).toMatchObject({ busy: true });
  expect(seen.at(-1)).toEqual({ total, name: m.name, busy: false });
  for (const state of seen) {
    expect(state.total, JSON.stringify(seen)).not.toBe('0.00');
    if (!state.busy) expect(state.name, JSON.stringify(seen)).not.toBe('');
  }
}

test('a slow balance sync: skeletons and "updating", never 0.00 or an empty name, then the figures', async ({
  page,
}) => {
  const m = await memberWithGame(page.request);
  await watchHomeCard(page);
  // The sync reaches the server (and its slow provider) once the test has looked.
  const sync = await holdFirstCall(page, '/api/wallet/refresh/slot');

  try {
    expect((await page.request.put(FAULTS, { data: { slowMs: SLOW_MS, methods: ['balance'] } })).ok()).toBeTruthy();
    await signIn(page, m.phone, m.password);
    const updating = page.getByTestId('home-updating');
    await expect(updating).toHaveText(th.wallet.home.updating);
    await expect(page.getByTestId('home-total').getByTestId('skeleton')).toBeVisible();
    await expect(page.getByTestId('home-total')).toHaveAttribute('aria-busy', 'true');
    expect(sync.answered).toBe(false);
    await screenshot(page, 'home-sync-updating-th');
    sync.release();

    await expect(page.getByTestId('home-name')).toHaveText(m.name, { timeout: SLOW_MS + 8_000 });
    await expect(page.getByTestId('home-total')).toHaveText('300.00');
    await expect(updating).toBeHidden();
    await screenshot(page, 'home-sync-done-th');
  } finally {
    await page.request.put(FAULTS, { data: {} });
  }

  await expectOnlyTrueFigures(page, m, '300.00');
});

test('a slow wallet answer: skeletons until GET /api/wallet answers, never 0.00 or an empty name, then the figures', async ({
  page,
}) => {
  const m = await freshMember(page.request, { deposit: 300 });
  await watchHomeCard(page);
  const wallet = await holdFirstCall(page, '/api/wallet');
  await signIn(page, m.phone, m.password);
  await expect(page.getByTestId('home-total').getByTestId('skeleton')).toBeVisible();
  await expect(page.getByTestId('home-name').getByTestId('skeleton')).toBeVisible();
  expect(wallet.answered).toBe(false);
  await screenshot(page, 'home-wallet-slow-th');
  setTimeout(wallet.release, SLOW_MS);

  await expect(page.getByTestId('home-name')).toHaveText(m.name, { timeout: SLOW_MS + 8_000 });
  await expect(page.getByTestId('home-total')).toHaveText('300.00');
  await expectOnlyTrueFigures(page, m, '300.00');
});
