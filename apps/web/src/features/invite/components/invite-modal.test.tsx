import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { InviteAction } from './invite-modal';

const ROWS = {
  total: 12,
  invites: [
    { from: { name: 'Nok' }, amount: 12.5, createdAt: '2024-05-01T08:09:10.000Z' },
    { from: { name: 'Lek' }, amount: 3, createdAt: '2024-05-02T10:00:00.000Z' },
  ],
};

function renderInvite(handlers: Record<string, MockHandler> = {}, userId = 'abc123') {
  const api = mockFetch({
    'GET /api/invite/banners': { body: [] },
    'POST /api/invite': { body: ROWS },
    ...handlers,
  });
  const onClose = vi.fn();
  renderAt(<InviteAction open userId={userId} onClose={onClose} />, '/user/home');
  return { api, onClose, user: userEvent.setup() };
}

describe('invite quick action', () => {
  it('no banners: loads them first, then opens the plain invite modal', async () => {
    const { api } = renderInvite();
    expect(screen.queryByTestId('invite-modal')).toBeNull();
    await screen.findByTestId('invite-modal');
    expect(screen.queryByTestId('banner-modal')).toBeNull();
    expect(api.calls[0]?.path).toBe('/api/invite/banners');
  });

  it('a failed banner load counts as none', async () => {
    renderInvite({ 'GET /api/invite/banners': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    await screen.findByTestId('invite-modal');
    expect(screen.queryByTestId('banner-modal')).toBeNull();
  });

  it('banners: the carousel (image and HTML) comes first; closing it opens the invite modal', async () => {
    const { user } = renderInvite({
      'GET /api/invite/banners': { body: [{ image: '/banners/invite.png', html: '<p>Earn <b>5%</b></p>' }] },
    });
    const banner = await screen.findByTestId('banner-modal');
    expect(screen.queryByTestId('invite-modal')).toBeNull();
    expect(within(banner).getByTestId('banner-carousel').querySelector('img')?.getAttribute('src')).toBe(
      '/banners/invite.png',
    );
    expect(within(banner).getByText('5%').tagName).toBe('B');
    await user.click(within(banner).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('banner-modal')).toBeNull();
    expect(screen.getByTestId('invite-modal')).toBeTruthy();
  });
});

describe('invite modal', () => {
  it('shows the referral link /register?code=PR{_id} and copies it', async () => {
    const { user } = renderInvite();
    const link = await screen.findByTestId('invite-link');
    expect(link.textContent).toBe(`${window.location.origin}/register?code=PRabc123`);
    await user.click(screen.getByTestId('invite-copy'));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/register?code=PRabc123`);
    const copied = `Copied: ${window.location.origin}/register?code=PRabc123`;
    await waitFor(() => expect(screen.getAllByTestId('toast-success').map((el) => el.textContent)).toContain(copied));
  });

  it('no half link while the member id is unknown', async () => {
    renderInvite({}, '');
    expect((await screen.findByTestId('invite-link')).textContent).toBe('');
    expect(screen.queryByTestId('invite-copy')).toBeNull();
  });

  it('lists invitees with POST /api/invite {page: 1, limit: 10}: name, amount, date; page 2 sends page 2', async () => {
    const { api, user } = renderInvite();
    const rows = await screen.findAllByTestId('invite-row');
    expect(api.callsTo('POST', '/api/invite')[0]?.body).toEqual({ page: 1, limit: 10 });
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId('invite-name').textContent).toBe('Nok');
    expect(first.getByTestId('invite-amount').textContent).toBe('12.50');
    expect(first.getByTestId('invite-date').textContent).toBe(formatDate('2024-05-01T08:09:10.000Z').replace(' ', ''));
    expect(formatDate('2024-05-01T08:09:10.000Z')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(within(rows[1] as HTMLElement).getByTestId('invite-amount').textContent).toBe('3.00');
    await user.click(within(screen.getByTestId('invite-pager')).getByRole('button', { name: /2/ }));
    await waitFor(() => expect(api.callsTo('POST', '/api/invite')).toHaveLength(2));
    expect(api.callsTo('POST', '/api/invite')[1]?.body).toEqual({ page: 2, limit: 10 });
  });

  it('an empty list says so; a failed load stays silent', async () => {
    renderInvite({ 'POST /api/invite': { body: { total: 0, invites: [] } } });
    expect(await screen.findByTestId('invite-empty')).toBeTruthy();
  });

  it('a failed list load shows no error', async () => {
    const { api } = renderInvite({ 'POST /api/invite': { status: 500, body: { message: 'INTERNAL_SERVER_ERROR' } } });
    await waitFor(() => expect(api.callsTo('POST', '/api/invite')).toHaveLength(1));
    expect(screen.queryByTestId('toast-danger')).toBeNull();
    expect(screen.queryByTestId('invite-row')).toBeNull();
  });
});
