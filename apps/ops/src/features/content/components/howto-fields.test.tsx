import { contentPaths, HOWTO_IDS, type TContentPage } from '@krapao/contracts/ops/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageServer, putsOf } from '../../../test/page-server';
import { renderWith } from '../../../test/render';
import { ContentPage } from './content-page';

const HOWTO = HOWTO_IDS.map((id) => ({
  id,
  title: { th: `วิดีโอ ${id}`, en: `Video ${id}` },
  video: `/howto/${id}.mp4`,
  poster: `/howto/${id}.jpg`,
}));
const PAGE: TContentPage = {
  info: { name: 'Krapao', website: '' },
  contact: { contactText: { th: 'ติดต่อเรา' }, lineLink: 'https://line.me/R/ti/p/@krapao', lineName: '@k', lineQR: '' },
  conditions: [],
  agreements: [],
  notice: { th: 'ต่ำกว่า {percentFail}%' },
  howto: HOWTO,
  sources: [],
  sourcesInUse: [],
  lastChanges: {},
};

const server = () => pageServer(contentPaths.page, PAGE);
const puts = putsOf;

afterEach(() => vi.unstubAllGlobals());

describe('the how-to videos on the content page', () => {
  it('edits a title per language and the video address; an address of another scheme is refused', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ContentPage />, '/content');
    const section = await screen.findByRole('region', { name: 'How-to videos' });
    const [first] = within(section).getAllByTestId('howto-item');
    expect(within(section).getAllByTestId('howto-item')).toHaveLength(5);
    const english = within(first!).getByLabelText('English');
    expect((english as HTMLTextAreaElement).value).toBe('Video wallet');
    expect(within(first!).getByAltText('Preview').getAttribute('src')).toBe('/howto/wallet.jpg');

    await userEvent.clear(english);
    await userEvent.type(english, 'Your wallet');
    const video = within(first!).getByLabelText('Video address');
    await userEvent.clear(video);
    await userEvent.type(video, 'javascript:alert(1)');
    await userEvent.type(within(section).getByLabelText('Reason'), 'new wallet video');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    expect(
      await within(first!).findByText('Use an mp4 on this site (/howto/… or /files/…) or an https:// address'),
    ).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);

    await userEvent.clear(video);
    await userEvent.type(video, 'https://cdn.example.com/wallet-v2.mp4');
    await userEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const [[url, body]] = puts(fetchMock) as [[string, { value: typeof HOWTO; reason: string }]];
    expect(url).toBe(contentPaths.howto);
    expect(body.reason).toBe('new wallet video');
    expect(body.value).toHaveLength(5);
    expect(body.value[0]).toMatchObject({
      id: 'wallet',
      title: { th: 'วิดีโอ wallet', en: 'Your wallet' },
      video: 'https://cdn.example.com/wallet-v2.mp4',
      poster: '/howto/wallet.jpg',
    });
    expect(body.value[4]).toMatchObject({ id: 'end-bonus', video: '/howto/end-bonus.mp4' });
  }, 20_000);
});
