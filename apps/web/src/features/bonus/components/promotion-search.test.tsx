import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activeCheck, holdCalls, NOT_ACTIVE, renderBonusPage } from '../testing';

const FOUND = { code: 'ABC', description: 'Deposit 100 get 50', percentFail: 25, amount: 50, turnover: 3 };
const findCalls = (api: ReturnType<typeof renderBonusPage>['api']) =>
  api.calls.filter((call) => call.path.startsWith('/api/promotion/find/'));

describe('/user/bonus: promotion code', () => {
  it('with no active bonus the code field and the search button show', async () => {
    renderBonusPage();
    expect(await screen.findByTestId('promotion-code')).toBeTruthy();
    expect(screen.getByTestId('promotion-search')).toBeTruthy();
    expect(screen.queryByTestId('bonus-active')).toBeNull();
  });

  it('the field is forced to upper case while typing', async () => {
    const { user } = renderBonusPage();
    const field = (await screen.findByTestId('promotion-code')) as HTMLInputElement;
    await user.type(field, 'abc');
    expect(field.value).toBe('ABC');
  });

  it('an empty (or blank) search makes no lookup and says the code is required', async () => {
    const { api, user } = renderBonusPage();
    await user.click(await screen.findByTestId('promotion-search'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a promotion code');
    await user.type(screen.getByTestId('promotion-code'), '   ');
    await user.click(screen.getByTestId('promotion-search'));
    expect(findCalls(api)).toHaveLength(0);
  });

  it('a searching message shows while the lookup runs, and goes when it answers', async () => {
    const { user } = renderBonusPage({ 'GET /api/promotion/find/ABC': { body: FOUND } });
    await user.type(await screen.findByTestId('promotion-code'), 'abc');
    const release = holdCalls('/api/promotion/find/');
    await user.click(screen.getByTestId('promotion-search'));
    expect((await screen.findByTestId('promotion-searching')).textContent).toBe('Searching for the promotion…');
    expect(screen.queryByTestId('promotion-found')).toBeNull();
    release();
    await screen.findByTestId('promotion-found');
    expect(screen.queryByTestId('promotion-searching')).toBeNull();
  });

  it.each([
    ['null', null],
    ['an empty object', {}],
  ])('an answer of %s shows the not-found message', async (_name, body) => {
    const { user } = renderBonusPage({ 'GET /api/promotion/find/NOPE': { body } });
    await user.type(await screen.findByTestId('promotion-code'), 'nope');
    await user.click(screen.getByTestId('promotion-search'));
    expect((await screen.findByTestId('promotion-not-found')).textContent).toBe(
      'Promotion not found. Please check the code.',
    );
    expect(screen.queryByTestId('promotion-found')).toBeNull();
  });

  it('a failed lookup shows the translated server message', async () => {
    const { user } = renderBonusPage({
      'GET /api/promotion/find/ABC': { status: 404, body: { message: 'NO_PROMOTION' } },
    });
    await user.type(await screen.findByTestId('promotion-code'), 'abc');
    await user.click(screen.getByTestId('promotion-search'));
    expect((await screen.findByTestId('promotion-error')).textContent).toBe('Promotion not found');
  });

  it('upper-cased find and activate paths; a truthy answer gives the success dialog and the active panel', async () => {
    let active = false;
    const { api, user } = renderBonusPage({
      'GET /api/bonus/check/active': () => ({ body: active ? activeCheck('promotion') : NOT_ACTIVE }),
      'GET /api/promotion/find/ABC': { body: FOUND },
      'GET /api/promotion/activate/ABC': () => {
        active = true;
        return { body: { _id: 'ub-1', code: 'ABC', kind: 'promotion', isActive: true } };
      },
    });
    await user.type(await screen.findByTestId('promotion-code'), 'abc');
    await user.click(screen.getByTestId('promotion-search'));
    const found = await screen.findByTestId('promotion-found');
    expect(found.textContent).toContain('Deposit 100 get 50');
    expect(screen.getByTestId('promotion-percent-fail').textContent).toBe('Ends below 25% of the starting credit');
    expect(findCalls(api).map((call) => call.path)).toEqual(['/api/promotion/find/ABC']);

    await user.click(screen.getByTestId('promotion-activate'));
    const dialog = await screen.findByTestId('success-dialog');
    expect(dialog.textContent).toContain('Success');
    expect(dialog.textContent).toContain('Your changes have been saved.');
    const calls = api.callsTo('GET', '/api/promotion/activate/ABC');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect((await screen.findByTestId('bonus-active-type')).textContent).toBe('Promotion code');
    expect(screen.getByTestId('success-dialog')).toBeTruthy();
  });

  it("a refused activation shows an error dialog with the server's message translated", async () => {
    const { user } = renderBonusPage({
      'GET /api/promotion/find/ABC': { body: FOUND },
      'GET /api/promotion/activate/ABC': { status: 409, body: { message: 'PROMOTION_RECEIVED' } },
    });
    await user.type(await screen.findByTestId('promotion-code'), 'abc');
    await user.click(screen.getByTestId('promotion-search'));
    await user.click(await screen.findByTestId('promotion-activate'));
    expect((await screen.findByTestId('error-dialog')).textContent).toContain(
      'You have already received this promotion',
    );
    expect(screen.queryByTestId('success-dialog')).toBeNull();
  });

  it('a falsy activation answer is not a success', async () => {
    const { user } = renderBonusPage({
      'GET /api/promotion/find/ABC': { body: FOUND },
      'GET /api/promotion/activate/ABC': { body: false },
    });
    await user.type(await screen.findByTestId('promotion-code'), 'abc');
    await user.click(screen.getByTestId('promotion-search'));
    await user.click(await screen.findByTestId('promotion-activate'));
    await waitFor(() => expect(screen.getByTestId('error-dialog').textContent).toContain('could not be received'));
  });
});
