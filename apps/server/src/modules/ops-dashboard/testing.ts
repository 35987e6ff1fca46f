// Helpers the dashboard tests share: the dashboard as a signed-in staff member
// sees it, and the figures a test compares before and after it seeds known data.
import type { Currency } from '@krapao/contracts/constants';
import { dashboardPaths, type TDashboard, type TDashboardDay } from '@krapao/contracts/ops/dashboard';
import type { TestApp } from '../../test/test-app.ts';
import { opsCall, type SignedInStaff } from '../staff/testing.ts';

export async function dashboardOf(t: TestApp, s: SignedInStaff, currency: Currency = 'BAHT'): Promise<TDashboard> {
  const res = await opsCall(t, s, 'GET', `${dashboardPaths.dashboard}?currency=${currency}`);
  if (res.statusCode !== 200) throw new Error(`dashboard: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** `after` minus `before`, day by day (same dates), rounded to the satang. */
export function dayDeltas(before: TDashboardDay[], after: TDashboardDay[]) {
  const round = (n: number) => Math.round(n * 100) / 100;
  return after.map((a, i) => {
    const b = before[i] as TDashboardDay;
    return {
      date: a.date,
      QR: round(a.deposits.QR - b.deposits.QR),
      BANK: round(a.deposits.BANK - b.deposits.BANK),
      TRUEMONEY: round(a.deposits.TRUEMONEY - b.deposits.TRUEMONEY),
      OTHER: round(a.deposits.OTHER - b.deposits.OTHER),
      withdrawalsPaid: round(a.withdrawalsPaid - b.withdrawalsPaid),
      net: round(a.net - b.net),
      newMembers: a.newMembers - b.newMembers,
    };
  });
}

export const queueOf = (d: TDashboard, queue: TDashboard['queues'][number]['queue']) =>
  d.queues.find((q) => q.queue === queue) as TDashboard['queues'][number];
export const healthOf = (d: TDashboard, party: TDashboard['health'][number]['party']) =>
  d.health.find((h) => h.party === party) as TDashboard['health'][number];
