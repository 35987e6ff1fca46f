// 8.4 The slip upload's daily closed window, held at any hour: the window is set around the site's
// present time, a real slip is uploaded and must be refused `SLIP_UPLOAD_FAIL` (reason `closed`) with
// nothing stored; once the window is empty again the same slip credits, once.
import { TIME_ZONE } from '@krapao/contracts/constants';
import { lookupPaths } from '@krapao/contracts/lookup-paths';
import { eventually, line, type TestContext } from '../harness.ts';
import { balances, type Member, ownSlip } from '../members.ts';
import { setSlipWindow } from '../product.ts';

const AMOUNT_BAHT = 300;
/** The site's settings are cached for a second; the lookup shows the window once it is read again. */
const SETTING_SEEN_MS = 10_000;

/** "HH:mm" in the site's time zone, `minutes` from now. */
function siteClock(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  return new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .slice(0, 5);
}

async function windowShown(ctx: TestContext, closed: boolean): Promise<boolean> {
  return eventually(async () => (await ctx.api.get(lookupPaths.slip)).body?.isClosed === closed, SETTING_SEEN_MS);
}

export async function slipClosedWindow(ctx: TestContext, m: Member) {
  const { upload } = await ownSlip(ctx.api, m, AMOUNT_BAHT);
  const slipRows = async () =>
    Number((await ctx.sql<{ n: string }>('select count(*) as n from slips where member_id = $1', [m.id]))[0]?.n);

  const walletBefore = (await balances(ctx.api, m)).wallet;
  const rowsBefore = await slipRows();
  await setSlipWindow(ctx.product, siteClock(-10), siteClock(10));
  const shownClosed = await windowShown(ctx, true);
  const closed = await upload();
  const walletClosed = (await balances(ctx.api, m)).wallet;
  const rowsClosed = await slipRows();

  await setSlipWindow(ctx.product, '00:00', '00:00');
  const shownOpen = await windowShown(ctx, false);
  const open = await upload();
  const walletOpen = (await balances(ctx.api, m)).wallet;

  const refused =
    closed.status === 400 && closed.body?.message === 'SLIP_UPLOAD_FAIL' && closed.body?.reason === 'closed';
  ctx.emit(
    line(
      '8.4',
      'slip uploaded inside the daily closed window',
      shownClosed &&
        refused &&
        walletClosed === walletBefore &&
        rowsClosed === rowsBefore &&
        shownOpen &&
        open.status === 200 &&
        open.body?.status === 'SUCCESS' &&
        walletOpen === walletBefore + AMOUNT_BAHT,
      `window ${siteClock(-10)}–${siteClock(10)} ${shownClosed ? 'shown closed' : 'NOT shown closed'}: ` +
        `${closed.status} ${closed.body?.message ?? ''} ${closed.body?.reason ?? ''}, wallet ${walletBefore} → ${walletClosed}, ` +
        `slips stored ${rowsClosed - rowsBefore}; window emptied: ${open.status} ${open.body?.status ?? open.body?.message ?? ''}, ` +
        `wallet ${walletOpen}`,
      `refused SLIP_UPLOAD_FAIL closed, nothing stored; the same slip credits ${AMOUNT_BAHT} once it opens`,
    ),
  );
}
