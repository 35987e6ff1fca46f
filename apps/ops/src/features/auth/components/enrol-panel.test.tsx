import { opsPaths } from '@krapao/contracts/ops/paths';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { EnrolPanel } from './enrol-panel';

const INFO = {
  username: 'nok',
  displayName: 'Nok',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEH',
  otpauthUri: 'otpauth://totp/Krapao:nok?secret=JBSWY3DPEHPK3PXPJBSWY3DPEH&issuer=Krapao',
};

describe('the enrolment page', () => {
  it('shows the secret in groups of four and its QR code', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(200, INFO));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<EnrolPanel token="tok_1" onSignedIn={() => {}} />);

    const secret = await screen.findByTestId('enrol-secret');
    expect([...secret.children].map((group) => group.textContent)).toEqual([
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
      'JBSW',
      'Y3DP',
      'EH',
    ]);
    expect(screen.getByText('Welcome, Nok')).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code for the authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(opsPaths.enrol.replace(':token', 'tok_1'));
  });

  it('says when the link is no longer valid', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(410, { message: 'OPS_ENROL_INVALID' })),
    );
    renderWith(<EnrolPanel token="old" onSignedIn={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This enrolment link is no longer valid. Ask an admin for a new one',
    );
  });
});
