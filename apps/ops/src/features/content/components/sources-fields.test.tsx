import { contentPaths, type TContentPage } from '@krapao/contracts/ops/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageServer, putsOf } from '../../../test/page-server';
import { renderWith } from '../../../test/render';
import { ContentPage } from './content-page';

const PAGE: TContentPage = {
  info: { name: 'Krapao', website: '' },
  contact: { contactText: { th: 'ติดต่อเรา' }, lineLink: 'https://line.me/R/ti/p/@krapao', lineName: '@k', lineQR: '' },
  conditions: [],
  agreements: [],
  notice: { th: 'ต่ำกว่า {percentFail}%' },
  howto: [],
  sources: [
    { code: 'FB', description: { th: 'Facebook' } },
    { code: 'FRIEND', description: { th: 'เพื่อนแนะนำ', la: 'ໝູ່ແນະນຳ', en: 'A friend' } },
  ],
  sourcesInUse: ['FB'],
  lastChanges: { sources: { at: '2026-03-01T05:00:00.000Z', staffName: 'Nok' } },
};

const server = () => pageServer(contentPaths.page, PAGE);
const puts = putsOf;
const section = () => screen.findByRole('region', { name: 'Registration sources' });

afterEach(() => vi.unstubAllGlobals());

describe('the registration sources on the content page', () => {
  it('shows the list with who changed it; a source in use cannot be removed, a saved code cannot be edited', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<ContentPage />, '/content');
    const sources = await section();
    expect(within(sources).getByTestId('last-change').textContent).toMatch(/Last changed by Nok/);
    const items = within(sources).getAllByTestId('source-item');
    expect(items).toHaveLength(2);
    expect((within(items[0] as HTMLElement).getByLabelText(/Code/) as HTMLInputElement).readOnly).toBe(true);
    expect(within(items[0] as HTMLElement).getByText('Members registered with this source')).toBeTruthy();
    expect((within(sources).getByRole('button', { name: 'Remove source 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(sources).getByRole('button', { name: 'Remove source 2' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows each text in Thai, Lao and English', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<ContentPage />, '/content');
    const sources = await section();
    const friend = within(within(sources).getByRole('group', { name: 'Source 2' })).getByRole('group', {
      name: 'Text members see',
    });
    expect((within(friend).getByLabelText('Thai (required)') as HTMLTextAreaElement).value).toBe('เพื่อนแนะนำ');
    expect((within(friend).getByLabelText('Lao') as HTMLTextAreaElement).value).toBe('ໝູ່ແນະນຳ');
    expect((within(friend).getByLabelText('English') as HTMLTextAreaElement).value).toBe('A friend');
  });

  it('adds a source, moves it first, removes one not in use, and saves the whole list with a reason', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ContentPage />, '/content');
    const sources = await section();
    await userEvent.click(within(sources).getByRole('button', { name: 'Add source' }));
    const added = within(sources).getByRole('group', { name: 'Source 3' });
    await userEvent.type(within(added).getByLabelText(/Code/), 'yt');
    const text = within(added).getByRole('group', { name: 'Text members see' });
    await userEvent.type(within(text).getByLabelText('Thai (required)'), 'ยูทูบ');
    await userEvent.type(within(text).getByLabelText('English'), 'YouTube');
    await userEvent.click(within(sources).getByRole('button', { name: 'Remove source 2' }));
    await userEvent.click(within(sources).getByRole('button', { name: 'Move source 2 up' }));
    await userEvent.type(within(sources).getByLabelText('Reason'), 'add YouTube');
    await userEvent.click(within(sources).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)).toEqual([
      [
        contentPaths.sources,
        {
          value: [
            { code: 'YT', description: { th: 'ยูทูบ', la: '', en: 'YouTube' } },
            { code: 'FB', description: { th: 'Facebook', la: '', en: '' } },
          ],
          reason: 'add YouTube',
        },
      ],
    ]);
  });

  it('refuses a duplicate code, a bad code and an empty text, sending nothing', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ContentPage />, '/content');
    const sources = await section();
    await userEvent.click(within(sources).getByRole('button', { name: 'Add source' }));
    await userEvent.click(within(sources).getByRole('button', { name: 'Add source' }));
    const third = within(sources).getByRole('group', { name: 'Source 3' });
    const fourth = within(sources).getByRole('group', { name: 'Source 4' });
    await userEvent.type(within(third).getByLabelText(/Code/), 'FRIEND');
    await userEvent.type(within(third).getByLabelText('Thai (required)'), 'เพื่อนอีกคน');
    await userEvent.type(within(fourth).getByLabelText(/Code/), 'X');
    await userEvent.type(within(sources).getByLabelText('Reason'), 'bad list');
    await userEvent.click(within(sources).getByRole('button', { name: 'Save' }));
    expect(await within(third).findByText('This code is already in the list')).toBeTruthy();
    expect(within(fourth).getByText('Use 2–16 capital letters or digits')).toBeTruthy();
    expect(within(fourth).getByText('This field is required')).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);
  });
});
