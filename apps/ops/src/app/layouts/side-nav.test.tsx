import { ROLE_PERMISSIONS } from '@krapao/contracts/ops/roles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWith } from '../../test/render';
import { SideNav } from './side-nav';

const links = () =>
  within(screen.getByTestId('ops-nav'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the side navigation', () => {
  it('hides Staff and the audit trail from support', () => {
    renderWith(<SideNav permissions={ROLE_PERMISSIONS.support} />);
    expect(links()).toEqual(['Home', 'Members', 'Player protection', 'Chat']);
  });

  it('shows the audit trail, not Staff, to finance', () => {
    renderWith(<SideNav permissions={ROLE_PERMISSIONS.finance} />);
    expect(links()).toEqual([
      'Home',
      'Audit trail',
      'Members',
      'Player protection',
      'Approvals',
      'Withdrawals',
      'Slips',
      'Stuck transfers',
      'Unmatched deposits',
    ]);
  });

  it('shows every page to an admin', () => {
    renderWith(<SideNav permissions={ROLE_PERMISSIONS.admin} />);
    expect(links()).toEqual([
      'Home',
      'Staff',
      'Audit trail',
      'Members',
      'Player protection',
      'Approvals',
      'Withdrawals',
      'Slips',
      'Stuck transfers',
      'Unmatched deposits',
      'Games',
      'Promotions',
      'Settings',
      'Site texts',
      'Spin wheel',
      'Chat',
    ]);
  });
});
