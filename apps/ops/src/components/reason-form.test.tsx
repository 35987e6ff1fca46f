import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWith } from '../test/render';
import { ReasonForm } from './reason-form';

describe('the reason form', () => {
  it('takes its reason texts from the keys it is given and sends only a real reason', async () => {
    const onSubmit = vi.fn();
    renderWith(
      <ReasonForm
        ns="common"
        reasonKeys={['staff.reason', 'validation.reason']}
        submitLabel="Disable"
        danger
        pending={false}
        error={null}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
      '/staff',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Say why, in at least 3 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Reason'), 'left the company');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(onSubmit).toHaveBeenCalledWith('left the company');
  });
});
