import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { RegisterWizard } from './register-wizard';

function setup() {
  const api = mockFetch({
    'GET /api/lookup/sources': { body: [{ code: 'FB', description: 'Facebook' }] },
    'GET /api/lookup/banks': { body: [{ code: 'KTB', nameTH: 'กรุงไทย', nameEN: 'Krungthai' }] },
    'GET /api/lookup/registerOTP': { body: { registerOTP: false } },
    'POST /api/account/validate': { body: { message: 'OK' } },
    'POST /api/account': { body: { message: 'SUCCESS', _id: 'u1' } },
  });
  renderAt(<RegisterWizard inviterCode={null} />, '/register');
  return { api, user: userEvent.setup() };
}

/** Steps 1–3 filled in and step 4's bank fields typed; the deposit limit left to the test. */
async function toBankStep() {
  const { api, user } = setup();
  await user.type(await screen.findByTestId('register-phone'), '0812345678');
  await user.click(screen.getByTestId('register-next'));
  await screen.findByTestId('register-step-3');
  await user.type(screen.getByTestId('register-name'), 'Somchai');
  await user.type(screen.getByTestId('register-password'), 'secret1');
  await user.type(screen.getByTestId('register-confirm-password'), 'secret1');
  await user.click(screen.getByTestId('register-next'));
  await screen.findByTestId('register-step-4');
  await screen.findByRole('option', { name: 'กรุงไทย' });
  await user.selectOptions(screen.getByTestId('register-bank'), 'KTB');
  await user.type(screen.getByTestId('register-first-name'), 'somchai');
  await user.type(screen.getByTestId('register-last-name'), 'jaidee');
  await user.type(screen.getByTestId('register-account-no'), '1234567890');
  return { api, user };
}

describe('register wizard: the optional deposit limit of step 4', () => {
  it('sends a typed limit as depositLimitDay and never on validate', async () => {
    const { api, user } = await toBankStep();
    expect(screen.getByText(i18n.t('register:depositLimitHint'))).toBeTruthy();
    await user.type(screen.getByTestId('register-deposit-limit'), '2500.50');
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('toast-success');
    const sent = api.callsTo('POST', '/api/account');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      bankCode: 'KTB',
      bankAccountName: 'SOMCHAI JAIDEE',
      depositLimitDay: 2500.5,
    });
    expect(api.callsTo('POST', '/api/account/validate')[0]?.body).not.toHaveProperty('depositLimitDay');
  });

  it('sends no limit when the field is left empty', async () => {
    const { api, user } = await toBankStep();
    await user.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('toast-success');
    const sent = api.callsTo('POST', '/api/account');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ bankAccountNo: '1234567890' });
    expect(sent[0]?.body).not.toHaveProperty('depositLimitDay');
  });

  it('keeps a limit it cannot send on the form with a message', async () => {
    const { api, user } = await toBankStep();
    await user.type(screen.getByTestId('register-deposit-limit'), '10.555');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText(i18n.t('register:depositLimitInvalid'))).toBeTruthy();
    expect(api.callsTo('POST', '/api/account')).toHaveLength(0);
  });
});
