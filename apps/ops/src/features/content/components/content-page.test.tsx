import { contentPaths, type TContentPage } from '@krapao/contracts/ops/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageServer, putsOf } from '../../../test/page-server';
import { renderWith } from '../../../test/render';
import { ContentPage } from './content-page';

const PAGE: TContentPage = {
  info: { name: 'Krapao', website: 'https://krapao.example' },
  contact: {
    contactText: { th: 'ติดต่อเรา' },
    lineLink: 'https://line.me/R/ti/p/@krapao',
    lineName: '@krapao',
    lineQR: '/uploads/qr.png',
  },
  conditions: [{ th: '<p>ข้อ 1</p>', en: '<p>Rule 1</p>' }],
  agreements: [],
  notice: { th: 'ต่ำกว่า {percentFail}%' },
  howto: [],
  sources: [{ code: 'FB', description: { th: 'Facebook' } }],
  sourcesInUse: [],
  lastChanges: { contact: { at: '2026-03-01T05:00:00.000Z', staffName: 'Nok' } },
};

const server = () => pageServer(contentPaths.page, PAGE);
const puts = putsOf;
const section = async (name: string) => screen.findByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('the content page', () => {
  it('shows each text with who changed it last', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<ContentPage />, '/content');
    const contact = await section('Contact');
    expect(within(contact).getByTestId('last-change').textContent).toMatch(/Last changed by Nok/);
    expect((within(contact).getByLabelText('LINE link') as HTMLInputElement).value).toBe(PAGE.contact.lineLink);
    const conditions = await section('Terms of use');
    expect((within(conditions).getByLabelText('English') as HTMLTextAreaElement).value).toBe('<p>Rule 1</p>');
    expect(within(await section('Bonus notice')).getByTestId('last-change').textContent).toBe(
      'Not changed from the console yet',
    );
  });

  it('saves the notice per language with a reason', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ContentPage />, '/content');
    const notice = await section('Bonus notice');
    await userEvent.type(within(notice).getByLabelText('English'), 'Below {{percentFail}%');
    await userEvent.click(within(notice).getByRole('button', { name: 'Save' }));
    expect(await within(notice).findByText(/Enter a reason/)).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);
    await userEvent.type(within(notice).getByLabelText('Reason'), 'English for new members');
    await userEvent.click(within(notice).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock)).toEqual([
      [
        contentPaths.notice,
        {
          value: { th: 'ต่ำกว่า {percentFail}%', la: '', en: 'Below {percentFail}%' },
          reason: 'English for new members',
        },
      ],
    ]);
  });

  it('refuses an empty Thai text and a LINE link that is not https, sending nothing', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ContentPage />, '/content');
    const contact = await section('Contact');
    await userEvent.clear(within(contact).getByLabelText('Thai (required)'));
    await userEvent.clear(within(contact).getByLabelText('LINE link'));
    await userEvent.type(within(contact).getByLabelText('LINE link'), 'http://line.me/x');
    await userEvent.type(within(contact).getByLabelText('Reason'), 'new LINE account');
    await userEvent.click(within(contact).getByRole('button', { name: 'Save' }));
    expect(await within(contact).findByText('This field is required')).toBeTruthy();
    expect(within(contact).getByText('Invalid format')).toBeTruthy();
    expect(puts(fetchMock)).toEqual([]);
  });

  it('adds a condition item and saves the list', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<ContentPage />, '/content');
    const conditions = await section('Terms of use');
    await userEvent.click(within(conditions).getByRole('button', { name: 'Add item' }));
    const item = within(conditions).getByRole('group', { name: 'Item 2' });
    await userEvent.type(within(item).getByLabelText('Thai (required)'), '<p>ข้อ 2</p>');
    await userEvent.type(within(conditions).getByLabelText('Reason'), 'add a rule');
    await userEvent.click(within(conditions).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const [[url, body]] = puts(fetchMock) as [[string, { value: unknown[] }]];
    expect(url).toBe(contentPaths.conditions);
    expect(body.value).toEqual([
      { th: '<p>ข้อ 1</p>', la: '', en: '<p>Rule 1</p>' },
      { th: '<p>ข้อ 2</p>', la: '', en: '' },
    ]);
  });
});
