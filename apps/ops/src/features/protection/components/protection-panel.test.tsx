import { opsProtectionPaths, type TOpsMemberProtection } from '@krapao/contracts/ops/protection';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { ProtectionPanel } from './protection-panel';

const past = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const protection = (): TOpsMemberProtection => ({
  memberId: 7,
  currency: 'BAHT',
  realityCheckMinutes: 30,
  limits: [
    {
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: 5000,
      pendingAmount: 8000,
      pendingSince: past(0.5),
      confirmableAt: past(-0.5),
      used: 1000,
      inGames: 0,
      remaining: 4000,
    },
    {
      kind: 'LOSS',
      period: 'WEEK',
      amount: 300,
      pendingAmount: null,
      pendingSince: null,
      confirmableAt: null,
      used: 40,
      inGames: 210,
      remaining: 50,
    },
  ],
  exclusions: [
    {
      id: 31,
      kind: 'SELF_EXCLUSION',
      startsAt: past(200),
      endsAt: past(-165),
      inForce: true,
      endableFrom: past(17),
      endedAt: null,
      endedBy: null,
      endReason: null,
    },
    {
      id: 30,
      kind: 'TIMEOUT',
      startsAt: past(300),
      endsAt: past(299),
      inForce: false,
      endableFrom: null,
      endedAt: null,
      endedBy: null,
      endReason: null,
    },
  ],
  history: [
    {
      id: 2,
      kind: 'EXCLUSION_STARTED',
      detail: { id: 31, kind: 'SELF_EXCLUSION', duration: '1y', endsAt: past(-165) },
      staffName: null,
      createdAt: past(200),
    },
    {
      id: 1,
      kind: 'LIMIT_SET',
      detail: { kind: 'DEPOSIT', period: 'DAY', currency: 'BAHT', amount: 5000, previous: null },
      staffName: 'Khun Admin',
      createdAt: past(201),
    },
  ],
});

const stub = (answers: ((url: string, init?: RequestInit) => Response)[]) => {
  // Each call takes the next answer; the last one keeps answering (the reload after a change).
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    (answers.length > 1 ? answers.shift()! : answers[0]!)(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe("the member's protection panel", () => {
  it('shows limits with use and the waiting raise, exclusions and the history', async () => {
    stub([() => jsonResponse(200, protection())]);
    renderWith(<ProtectionPanel memberId={7} permissions={['protection.read']} />);
    const [limit, loss] = await screen.findAllByTestId('protection-limit');
    expect(limit!.textContent).toContain('Deposit per 24 hours');
    expect(limit!.textContent).toContain('5,000 BAHT');
    expect(limit!.textContent).toContain('1,000 BAHT');
    expect(limit!.textContent).toContain('4,000 BAHT');
    expect(limit!.textContent).toContain('Raise to 8,000 BAHT');
    // A loss limit shows the money in games it counts; a deposit limit has none.
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells(loss!).slice(2, 5)).toEqual(['40 BAHT', '210 BAHT', '50 BAHT']);
    expect(cells(limit!)[3]).toBe('–');
    const [current, over] = screen.getAllByTestId('protection-exclusion');
    expect(current!.textContent).toContain('Self-exclusion');
    expect(current!.textContent).toContain('In force');
    expect(over!.textContent).toContain('Over');
    const events = screen.getAllByTestId('protection-event').map((e) => e.textContent);
    expect(events[0]).toContain('Exclusion started');
    expect(events[0]).toContain('Self-exclusion for 1 year, until');
    expect(events[1]).toContain('Khun Admin');
    expect(events[1]).toContain('Deposit per 24 hours: 5,000 BAHT');
    // Without protection.end there is no way to end it.
    expect(screen.queryByRole('button', { name: 'End' })).toBeNull();
  }, 15_000);

  it('lets an admin end an exclusion past its term with a reason, and shows the answer', async () => {
    const ended = protection();
    ended.exclusions[0] = {
      ...ended.exclusions[0]!,
      inForce: false,
      endedAt: past(0),
      endedBy: 'Khun Admin',
      endReason: 'cooled off',
    };
    const fetchMock = stub([() => jsonResponse(200, protection()), () => jsonResponse(200, ended)]);
    renderWith(<ProtectionPanel memberId={7} permissions={['protection.read', 'protection.end']} />);
    await userEvent.click(await screen.findByRole('button', { name: 'End' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'cooled off');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End exclusion' }));

    expect(await screen.findByText(/Ended early .* by Khun Admin: cooled off/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe(opsProtectionPaths.endExclusion.replace(':memberId', '7').replace(':exclusionId', '31'));
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'cooled off' });
  }, 15_000);

  it('shows the refusal of an early end and keeps the dialog open', async () => {
    stub([() => jsonResponse(200, protection()), () => jsonResponse(409, { message: 'OPS_EXCLUSION_MIN_TERM' })]);
    renderWith(<ProtectionPanel memberId={7} permissions={['protection.read', 'protection.end']} />);
    await userEvent.click(await screen.findByRole('button', { name: 'End' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'asked by phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'End exclusion' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('minimum term');
  }, 15_000);

  it('does not offer to end an exclusion before its term, a time-out or a permanent one', async () => {
    const early = protection();
    early.exclusions = [
      { ...early.exclusions[0]!, endableFrom: past(-10) },
      { ...early.exclusions[0]!, id: 32, kind: 'TIMEOUT', endableFrom: null },
    ];
    stub([() => jsonResponse(200, early)]);
    renderWith(<ProtectionPanel memberId={7} permissions={['protection.read', 'protection.end']} />);
    const [first, second] = await screen.findAllByTestId('protection-exclusion');
    expect(first!.textContent).toContain('May be ended from');
    expect(second!.textContent).toContain('Cannot be ended early');
    expect(screen.queryByRole('button', { name: 'End' })).toBeNull();
  }, 15_000);
});
