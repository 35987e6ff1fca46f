import type { TSlip } from '@krapao/contracts/statement';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { SlipStatusModal } from './slip-status-modal';

const CREATED = '2025-03-04T05:06:07.000Z';
const slip = (reference: string, status: string, note: string | null, extra: Partial<TSlip> = {}): TSlip => ({
  createdAt: CREATED,
  amount: 250,
  status,
  note,
  link: null,
  reference,
  ...extra,
});

function renderModal(handlers: Record<string, MockHandler>) {
  const api = mockFetch(handlers);
  renderAt(<SlipStatusModal open onClose={vi.fn()} />, '/user/statement');
  return { api, user: userEvent.setup() };
}

const listOf = (slips: TSlip[], total = slips.length) => ({ body: { total, slips } });
const rows = () => screen.findAllByTestId('slip-row');

describe('slip status modal', () => {
  it('posts {page: 1, limit: 10} and shows date, amount, status and reason columns', async () => {
    const { api } = renderModal({
      'POST /api/statement/slip': listOf([
        slip('a', 'SUCCESS', null, { amount: 1234.5 }),
        slip('b', 'FAILED', 'SLIP_REFNO_DUPLICATED'),
        slip('c', 'PENDING', null),
      ]),
    });
    const [success, failed, pending] = await rows();
    expect(api.callsTo('POST', '/api/statement/slip')[0]?.body).toEqual({ page: 1, limit: 10 });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Date',
      'Amount',
      'Status',
      'Reason',
      'View slip image',
    ]);
    const cell = (row: HTMLElement | undefined, id: string) => within(row as HTMLElement).getByTestId(id).textContent;
    expect(cell(success, 'slip-date')).toBe(formatDate(CREATED).replace(' ', ''));
    expect(formatDate(CREATED)).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(cell(success, 'slip-amount')).toBe('1,234.50');
    expect(cell(success, 'slip-status')).toBe('Success');
    expect(cell(failed, 'slip-status')).toBe('Failed');
    expect(cell(pending, 'slip-status')).toBe('Processing');
    expect(cell(failed, 'slip-reason')).toBe('This slip has already been used');
    expect(cell(success, 'slip-reason')).toBe('-');
  });

  it('shows every slip reason code in words', async () => {
    const expected: [string, string][] = [
      ['UPLOADED_FILE_NOT_EXIST', 'Incorrect slip. Please upload a valid transfer slip'],
      ['IMG_SIZE_UNABLE_TO_PROCESS', 'Incorrect slip. Please upload a valid transfer slip'],
      ['CANNOT_READ_CROPPED_IMAGE', 'Incorrect slip. Please upload a valid transfer slip'],
      ['DEST_ACC_INVALID', 'The destination account on the slip is invalid'],
      ['SLIP_REFNO_DUPLICATED', 'This slip has already been used'],
      ['UNSTABLE_REFNO_ON_SLIP', 'The reference number on the slip cannot be read'],
      ['TRIPPLE_WRONG_CAPTCHA', 'The captcha was entered wrong 3 times in a row'],
      ['INVALID_SLIP', 'The slip cannot be read'],
      ['NOT_MATCH', 'The account number does not match your registered account'],
      ['EXPIRED_SLIP', 'This slip has expired'],
      ['UNKNOW_ERROR', 'Unknown error. Please contact admin'],
    ];
    renderModal({
      'POST /api/statement/slip': listOf(expected.map(([note]) => slip(note, 'FAILED', note))),
    });
    const reasons = (await rows()).map((row) => within(row).getByTestId('slip-reason').textContent);
    expect(reasons).toEqual(expected.map(([, text]) => text));
  });

  it('a slip with a link opens it directly, with no reference call', async () => {
    const { api } = renderModal({
      'POST /api/statement/slip': listOf([slip('a', 'SUCCESS', null, { link: 'https://cdn.example/slip-a.png' })]),
    });
    const view = within((await rows())[0] as HTMLElement).getByTestId('slip-view');
    expect(view.tagName).toBe('A');
    expect(view.getAttribute('href')).toBe('https://cdn.example/slip-a.png');
    expect(view.getAttribute('target')).toBe('_blank');
    expect(view.getAttribute('rel')).toContain('noopener');
    expect(api.callsTo('GET', '/api/statement/slip/reference/a')).toHaveLength(0);
  });

  it('without a link: a tab opens at once, the reference call follows, and the tab goes to the returned url', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { api, user } = renderModal({
      'POST /api/statement/slip': listOf([slip('ref 1', 'FAILED', 'NOT_MATCH', { link: 'javascript:alert(1)' })]),
      'GET /api/statement/slip/reference/ref%201': { body: { url: '/api/statement/slip/image/ref%201?sig=x' } },
    });
    await user.click(within((await rows())[0] as HTMLElement).getByTestId('slip-view'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() => expect(tab.location.href).toBe('/api/statement/slip/image/ref%201?sig=x'));
    expect(api.callsTo('GET', '/api/statement/slip/reference/ref%201')).toHaveLength(1);
    expect(tab.close).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it('closes the opened tab quietly when the reference call fails', async () => {
    const tab = { opener: null, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { user } = renderModal({ 'POST /api/statement/slip': listOf([slip('gone', 'PENDING', null)]) });
    await user.click(within((await rows())[0] as HTMLElement).getByTestId('slip-view'));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
    expect(screen.queryByTestId('toast-danger')).toBeNull();
    open.mockRestore();
  });

  it('the refresh link loads the list again', async () => {
    const { api, user } = renderModal({ 'POST /api/statement/slip': listOf([slip('a', 'PENDING', null)]) });
    await rows();
    await user.click(screen.getByTestId('slip-refresh'));
    await waitFor(() => expect(api.callsTo('POST', '/api/statement/slip')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/statement/slip')[1]?.body).toEqual({ page: 1, limit: 10 });
  });

  it('pages by 10 with the project pager', async () => {
    const { api, user } = renderModal({
      'POST /api/statement/slip': (body) => {
        const { page } = body as { page: number };
        return listOf([slip(`p${page}`, page === 2 ? 'FAILED' : 'SUCCESS', null)], 25);
      },
    });
    await rows();
    const pager = screen.getByTestId('slip-pager');
    const pages = () =>
      within(pager)
        .getAllByRole('button', { name: /^Page/ })
        .map((b) => b.textContent);
    expect(pages()).toEqual(['1', '2']);
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/statement/slip')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/statement/slip')[1]?.body).toEqual({ page: 2, limit: 10 });
    await waitFor(() => expect(screen.getByTestId('slip-row').getAttribute('data-status')).toBe('failed'));
    expect(pages()).toEqual(['1', '2', '3']);
  });

  it('a load failure is silent', async () => {
    const { api } = renderModal({
      'POST /api/statement/slip': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } },
    });
    await waitFor(() => expect(api.callsTo('POST', '/api/statement/slip')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('slip-row')).toBeNull();
    expect(screen.queryByTestId('slip-empty')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('toast-danger')).toBeNull();
    expect(screen.queryByTestId('error-dialog')).toBeNull();
  });

  it('says so when no slip was uploaded yet', async () => {
    renderModal({ 'POST /api/statement/slip': listOf([]) });
    expect((await screen.findByTestId('slip-empty')).textContent).toBe('No slips uploaded yet');
  });
});
