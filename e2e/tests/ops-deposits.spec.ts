// The console's deposits queue in a browser: two transfers from bank accounts no member registered
// reach a house account, and the bank-feed sweep sets them aside for a person. A finance member
// credits one to a member (the wallet goes up by exactly its amount) and marks the other as not ours:
// no wallet moves, and the transfer stays refused: a slip of it fails as a duplicate, a hand credit
// of it from the slips queue is refused, and the line cannot be credited afterwards.
import { SLIP_FILE_FIELD } from '@krapao/contracts/deposit';
import { DEV_SENDING_BANK_HEADER, DEV_TRANS_REF_HEADER, devPaths } from '@krapao/contracts/dev';
import { depositsPaths, type TOpsDepositList } from '@krapao/contracts/ops/deposits';
import { slipsPaths } from '@krapao/contracts/ops/slips';
import { walletPaths } from '@krapao/contracts/wallet-paths';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { freshMember, type Member, walletOf } from './members';
import {
  addAndEnrol,
  consoleContext,
  consoleShotsAt1280,
  consoleWriteHeaders,
  DEV_OWNER,
  freshStaff,
  openConsolePage,
  signInToConsoleAgain,
} from './ops-staff';
import { type OpsLang, opsTexts, opsTh } from './ops-texts';
import { freshAccountNo } from './support';
import { fill } from './texts';

test.describe.configure({ mode: 'serial' });

const c = opsTh.common;
const d = opsTh.deposits;
const sl = opsTh.slips;
const STAFF_PASSWORD = 'e2e-staff-password-3';
/** A house account in SLIP mode (deposit seed): a transfer from an unknown account waits for a person. */
const HOUSE_ACCOUNT = '0591234567';
/** The bank-feed sweep runs every 5 s; a line reaches the open queue within two passes. */
const SWEEP_WAIT = { timeout: 20_000 };
const run = Date.now().toString(36);

/** One transfer the sandbox bank recorded from an account no member has: its identity and slip. */
type Line = { fromAccountNo: string; amount: number; sendingBank: string; transRef: string; slip: Buffer };

const contexts: BrowserContext[] = [];
let finance: Page | undefined;
let toCredit: Line | undefined;
let toReject: Line | undefined;
let rejectedReviewId: number | undefined;
let member: Member | undefined;

test.afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
});

function given<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`no ${what}: an earlier test did not finish`);
  return value;
}

/** The member's bank app sends `amount` baht from a fresh account into the house account. */
async function unmatchedTransfer(request: APIRequestContext, amount: number): Promise<Line> {
  const fromAccountNo = freshAccountNo();
  const res = await request.post(devPaths.bankTransfer, {
    data: { fromBankCode: 'KTB', fromAccountNo, toAccountNo: HOUSE_ACCOUNT, amount },
  });
  expect(res.ok(), `${devPaths.bankTransfer} answered ${res.status()}`).toBe(true);
  const sendingBank = res.headers()[DEV_SENDING_BANK_HEADER] ?? '';
  const transRef = res.headers()[DEV_TRANS_REF_HEADER] ?? '';
  expect(sendingBank).toMatch(/^\d{3}$/);
  expect(transRef).not.toBe('');
  return { fromAccountNo, amount, sendingBank, transRef, slip: await res.body() };
}

/** The queue's row of one line, found by its sender's account. */
const lineRow = (page: Page, line: Line) => page.getByTestId('deposit-row').filter({ hasText: line.fromAccountNo });

/** How the console writes an amount: `137.25 BAHT`. */
const baht = (amount: number) => `${amount.toLocaleString('en-US')} BAHT`;

/** The reject dialog of a line, opened from its row, in the page's language. */
async function openReject(page: Page, line: Line, lang: OpsLang) {
  const t = opsTexts[lang].deposits;
  await lineRow(page, line).getByRole('button', { name: t.submit.reject, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.decide.reject, exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(baht(line.amount), { exact: true })).toBeVisible();
  return dialog;
}

/** The element shows all its text, within its dialog's box (run in the page). */
function fitsInDialog(el: Element): boolean {
  const box = el.getBoundingClientRect();
  const dialog = el.closest('[role="dialog"]')?.getBoundingClientRect();
  if (!dialog || el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth) return false;
  return box.top >= dialog.top && box.bottom <= dialog.bottom && box.left >= dialog.left && box.right <= dialog.right;
}

test('the dev owner adds a finance member, who enrols and opens the deposits queue', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error('the project names no baseURL');
  const ownerContext = await consoleContext(browser, baseURL);
  contexts.push(ownerContext);
  const owner = await ownerContext.newPage();
  await signInToConsoleAgain(owner, { ...DEV_OWNER });
  await openConsolePage(owner, c.nav.staff, c.nav.staff);
  const { context, page } = await addAndEnrol(owner, browser, freshStaff('finance'), STAFF_PASSWORD);
  contexts.push(context);
  finance = page;

  await openConsolePage(page, d.nav, d.title);
  // The queue updates by itself once the live channel is up.
  await expect(page.getByRole('status').filter({ hasText: opsTh.live.status.connected })).toHaveCount(1);
});

test('two transfers no member sent wait in the queue; the reject dialog says a slip of it will be refused', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const page = given(finance, 'finance member');
  toCredit = await unmatchedTransfer(request, 137.25);
  toReject = await unmatchedTransfer(request, 88.75);

  // Held by the sweep and announced on the live channel: no reload.
  for (const line of [toCredit, toReject]) {
    const row = lineRow(page, line);
    await expect(row).toBeVisible(SWEEP_WAIT);
    await expect(row).toContainText(d.kinds.BANK);
    await expect(row).toContainText(fill(d.fromTo, { from: `KTB ${line.fromAccountNo}`, to: HOUSE_ACCOUNT }));
    await expect(row).toContainText(baht(line.amount));
    await expect(row).toContainText(d.reasons.unmatched);
  }
  const list = (await (await page.request.get(depositsPaths.list)).json()) as TOpsDepositList;
  const rejectLine = toReject;
  const review = list.items.find((item) => item.line.from === rejectLine.fromAccountNo);
  expect(review, 'the line to reject is listed').toMatchObject({
    kind: 'BANK',
    reference: `${rejectLine.sendingBank}:${rejectLine.transRef}`,
    status: 'WAITING',
    memberId: null,
  });
  rejectedReviewId = review?.id;

  // The queue, then the reject dialog with its hint, at 1280 px in Thai and English.
  const reject = given(toReject, 'line to reject');
  await consoleShotsAt1280(page, 'deposits', async (lang) => {
    const t = opsTexts[lang].deposits;
    await expect(page.getByRole('heading', { name: t.title, exact: true, level: 1 })).toBeVisible();
    await expect(lineRow(page, reject)).toContainText(t.reasons.unmatched);
  });
  await consoleShotsAt1280(page, 'deposits-reject', async (lang) => {
    const dialog = await openReject(page, reject, lang);
    const hint = dialog.getByText(opsTexts[lang].deposits.explain.reject, { exact: true });
    await expect(hint).toBeVisible();
    // The whole hint shows: nothing of its wrapped text overflows, and it lies inside the dialog.
    expect(await hint.evaluate(fitsInDialog)).toBe(true);
    return async () => {
      await dialog.getByRole('button', { name: opsTexts[lang].common.cancel, exact: true }).click();
      await expect(dialog).toBeHidden();
    };
  });
});

test('finance credits one line to a member: the wallet goes up by exactly its amount; the line leaves', async ({
  request,
}) => {
  const page = given(finance, 'finance member');
  const line = given(toCredit, 'line to credit');
  const m = await freshMember(request);
  member = m;
  const before = (await walletOf(request, m)).wallet.amount;

  const row = lineRow(page, line);
  await row.getByRole('button', { name: d.submit.assign, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: d.decide.assign, exact: true });
  await expect(dialog.getByText(d.explain.assign, { exact: true })).toBeVisible();
  await dialog.getByLabel(d.memberQuery, { exact: true }).fill(m.phone);
  await dialog.getByRole('button', { name: d.find, exact: true }).click();
  // Staff see who the member is before the money goes.
  await expect(dialog.getByTestId('assign-member')).toContainText(`${m.phone} · ${m.name}`);
  const submit = dialog.getByRole('button', { name: fill(d.submit.assignTo, { member: m.phone }), exact: true });
  // No credit without a reason.
  await submit.click();
  await expect(dialog.getByText(d.reasonRequired, { exact: true })).toBeVisible();
  expect((await walletOf(request, m)).wallet.amount).toBe(before);
  await dialog.getByLabel(d.reason, { exact: true }).fill(`e2e ${run}: the member sent it from a new account`);
  await submit.click();
  await expect(dialog).toBeHidden();

  await expect(row).toHaveCount(0);
  await expect(lineRow(page, given(toReject, 'line to reject'))).toBeVisible();
  expect((await walletOf(request, m)).wallet.amount).toBe(before + line.amount);
});

test('finance marks the other line as not ours: no wallet moves, and the transfer cannot be credited later', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const page = given(finance, 'finance member');
  const line = given(toReject, 'line to reject');
  const m = given(member, 'credited member');
  const before = (await walletOf(request, m)).wallet.amount;

  const dialog = await openReject(page, line, 'th');
  await expect(dialog.getByText(d.explain.reject, { exact: true })).toBeVisible();
  await dialog.getByLabel(d.reason, { exact: true }).fill(`e2e ${run}: not a transfer of ours`);
  await dialog.getByRole('button', { name: d.submit.reject, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(lineRow(page, line)).toHaveCount(0);
  expect((await walletOf(request, m)).wallet.amount).toBe(before);

  // The decision stands: the line cannot be credited to anyone afterwards.
  const assign = await page.request.post(
    depositsPaths.assign.replace(':reviewId', String(given(rejectedReviewId, 'rejected line id'))),
    {
      headers: await consoleWriteHeaders(page),
      data: { memberId: Number(m.id), reason: `e2e ${run}: credit it after all` },
    },
  );
  expect(assign.status()).toBe(409);
  expect(((await assign.json()) as { message: string }).message).toBe('OPS_ALREADY_DECIDED');

  // A slip of that transfer is refused as already used, whoever uploads it.
  const upload = await request.post(walletPaths.slip, {
    headers: { authorization: `Bearer ${m.token}` },
    multipart: { [SLIP_FILE_FIELD]: { name: 'slip.png', mimeType: 'image/png', buffer: line.slip } },
  });
  expect(upload.ok(), `slip upload answered ${upload.status()}`).toBe(true);
  expect(await upload.json()).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
  expect((await walletOf(request, m)).wallet.amount).toBe(before);

  // Nor does a hand credit of it from the slips queue go through.
  await openConsolePage(page, sl.nav, sl.title);
  const slipRow = page.getByTestId('slip-row').filter({ hasText: m.phone });
  await expect(slipRow).toContainText(sl.reasons.SLIP_REFNO_DUPLICATED);
  await slipRow.getByRole('button', { name: sl.submit.credit, exact: true }).click();
  const credit = page.getByRole('dialog', { name: sl.decide.credit, exact: true });
  await expect(credit.getByLabel(sl.sendingBank, { exact: true })).toHaveValue(line.sendingBank);
  await expect(credit.getByLabel(sl.transRef, { exact: true })).toHaveValue(line.transRef);
  await credit.getByLabel(fill(sl.amount, { currency: 'BAHT' }), { exact: true }).fill(String(line.amount));
  await credit.getByLabel(sl.reason, { exact: true }).fill(`e2e ${run}: the bank shows the transfer`);
  const creditPath = new RegExp(`^${slipsPaths.credit.replace(':slipId', '\\d+')}$`);
  const refused = page.waitForResponse((res) => creditPath.test(new URL(res.url()).pathname));
  await credit.getByRole('button', { name: sl.submit.credit, exact: true }).click();
  expect((await refused).status()).toBe(409);
  await expect(credit.getByRole('alert')).toHaveText(opsTh.errors.OPS_REFERENCE_USED);
  await credit.getByRole('button', { name: c.cancel, exact: true }).click();
  await expect(credit).toBeHidden();
  expect((await walletOf(request, m)).wallet.amount).toBe(before);

  // The failed slip's rejection confirmed: it leaves the slips queue as the test found it.
  await slipRow.getByRole('button', { name: sl.submit.reject, exact: true }).click();
  const reject = page.getByRole('dialog', { name: sl.decide.reject, exact: true });
  await reject.getByLabel(sl.reason, { exact: true }).fill(`e2e ${run}: transfer refused as not ours`);
  await reject.getByRole('button', { name: sl.submit.reject, exact: true }).click();
  await expect(reject).toBeHidden();
  await expect(slipRow).toHaveCount(0);
  expect((await walletOf(request, m)).wallet.amount).toBe(before);
});
