import { bannersPaths, CAROUSEL_MAX_BANNERS, type TCarouselsPage } from '@krapao/contracts/ops/banners';
import { mediaPaths } from '@krapao/contracts/ops/media';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { BannersSection } from './banners-section';

const UPLOADED = `/files/banners/${'b'.repeat(32)}.png`;
const page: TCarouselsPage = {
  inviteBanners: [
    { image: '/banners/invite-1.svg', html: '<h3>One</h3>' },
    { image: '/banners/invite-2.svg', html: '<h3>Two</h3>' },
  ],
  refundBanners: [],
  changes: { inviteBanners: { at: '2026-03-01T10:00:00.000Z', staffName: 'Nok' }, refundBanners: null },
};

type Put = { url: string; body: { value: { image: string; html: string }[]; reason: string } };

/** A fetch answering the list and the upload; every PUT is recorded and answered with `page`. */
function server(initial: TCarouselsPage = page) {
  const puts: Put[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === mediaPaths.upload) return jsonResponse(200, { url: UPLOADED });
      if (init?.method === 'PUT') {
        const put = { url, body: JSON.parse(String(init.body)) as Put['body'] };
        puts.push(put);
        return jsonResponse(200, { ...initial, inviteBanners: put.body.value });
      }
      if (url === bannersPaths.page) return jsonResponse(200, initial);
      return jsonResponse(404, { message: 'NO_DATA' });
    }),
  );
  return puts;
}

const inviteForm = async () => screen.findByRole('form', { name: 'Invite screen' });

describe('BannersSection', () => {
  it('reorders, removes and adds an uploaded banner, and saves the whole list with a reason', async () => {
    const puts = server();
    const user = userEvent.setup();
    renderWith(<BannersSection />);
    const form = await inviteForm();
    expect(within(form).getByTestId('last-change').textContent).toContain('Nok');

    await user.click(within(form).getAllByRole('button', { name: 'Move down' })[0] as HTMLElement);
    await user.click(within(form).getAllByRole('button', { name: 'Remove banner' })[1] as HTMLElement);
    await user.click(within(form).getByRole('button', { name: 'Add banner' }));
    const file = new File(['png'], 'new.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Banner 2 image'), file);
    await waitFor(() => expect(within(form).getAllByRole('img')).toHaveLength(2));
    await user.type(within(form).getAllByLabelText('Text (HTML)')[1] as HTMLElement, 'New');
    await user.type(within(form).getByLabelText('Reason for the change'), 'แคมเปญใหม่');
    await user.click(within(form).getByRole('button', { name: 'Save banners' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.url).toBe(bannersPaths.inviteBanners);
    expect(puts[0]?.body).toEqual({
      value: [
        { image: '/banners/invite-2.svg', html: '<h3>Two</h3>' },
        { image: UPLOADED, html: 'New' },
      ],
      reason: 'แคมเปญใหม่',
    });
    expect(await within(form).findByText(/Saved/)).toBeTruthy();
  });

  it('sends nothing for a banner without an image or a change without a reason', async () => {
    const puts = server();
    const user = userEvent.setup();
    renderWith(<BannersSection />);
    const form = await inviteForm();
    await user.click(within(form).getByRole('button', { name: 'Add banner' }));
    await user.click(within(form).getByRole('button', { name: 'Save banners' }));
    expect(await within(form).findByText('Upload an image, or use an https:// address')).toBeTruthy();
    expect(within(form).getByText('Give a reason for the change')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  it('offers no more banners once the carousel is full', async () => {
    const full = Array.from({ length: CAROUSEL_MAX_BANNERS }, () => ({ image: UPLOADED, html: '' }));
    server({ ...page, inviteBanners: full });
    renderWith(<BannersSection />);
    const form = await inviteForm();
    expect((within(form).getByRole('button', { name: 'Add banner' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
