import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { InviteReceive } from './invite-receive';

function renderReceive(handlers: Record<string, MockHandler> = {}) {
  const api = mockFetch(handlers);
  const onReceived = vi.fn();
  const onClose = vi.fn();
  renderAt(
    <InviteReceive open invite={{ amount: 30, success: 5, fail: 10 }} onReceived={onReceived} onClose={onClose} />,
    '/user/home',
  );
  return { api, onReceived, onClose, user: userEvent.setup() };
}

describe('invite bonus receive', () => {
  it('asks first, showing the amount and the success and fail percentages', () => {
    renderReceive();
    expect(screen.getByTestId('invite-confirm')).toBeTruthy();
    expect(screen.getByTestId('invite-confirm-amount').textContent).toBe('30.00');
    expect(screen.getByTestId('invite-confirm-success').textContent).toBe('5 %');
    expect(screen.getByTestId('invite-confirm-fail').textContent).toBe('10 %');
  });

  it('confirm: GET /api/invite/bonus with an Idempotency-Key, the translated success, then a wallet reload', async () => {
    const { api, user, onReceived, onClose } = renderReceive({
      'GET /api/invite/bonus': { body: { message: 'INVITE_BONUS_SUCCESS', amount: 30 } },
    });
    await user.click(screen.getByTestId('invite-confirm-yes'));
    expect((await screen.findByTestId('invite-receive-result')).textContent).toBe('Invite bonus received successfully');
    expect(screen.getByTestId('success-dialog')).toBeTruthy();
    const calls = api.callsTo('GET', '/api/invite/bonus');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(onReceived).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('invite-confirm')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('decline sends nothing', async () => {
    const { api, user, onReceived, onClose } = renderReceive();
    await user.click(screen.getByTestId('invite-confirm-no'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(0);
    expect(onReceived).not.toHaveBeenCalled();
  });

  it("a refusal shows the server's code translated and reloads nothing", async () => {
    const { user, onReceived } = renderReceive({
      'GET /api/invite/bonus': { status: 400, body: { message: 'NO_INVITE_BONUS' } },
    });
    await user.click(screen.getByTestId('invite-confirm-yes'));
    expect((await screen.findByTestId('invite-receive-result')).textContent).toBe(
      'There is no invite bonus to collect yet',
    );
    expect(screen.getByTestId('error-dialog')).toBeTruthy();
    expect(onReceived).not.toHaveBeenCalled();
  });

  it('a claim that got no answer is tried again with the same key; after an answer the next claim gets a new key', async () => {
    const keys: (string | null)[] = [];
    let answers = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        keys.push(new Headers(init?.headers).get('idempotency-key'));
        if (keys.length === 1) throw new TypeError('network down');
        answers += 1;
        return new Response(JSON.stringify({ message: 'INVITE_BONUS_SUCCESS', amount: 30 }), { status: 200 });
      }),
    );
    const onReceived = vi.fn();
    renderAt(
      <InviteReceive open invite={{ amount: 30, success: 5, fail: 10 }} onReceived={onReceived} onClose={() => {}} />,
      '/user/home',
    );
    const user = userEvent.setup();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await user.click(await screen.findByTestId('invite-confirm-yes'));
      await screen.findByTestId('invite-receive-result');
      await user.click(screen.getByRole('button', { name: 'OK' }));
    }
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(answers).toBe(2);
    expect(onReceived).toHaveBeenCalledTimes(2);
  });
});
