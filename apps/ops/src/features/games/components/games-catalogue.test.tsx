import { gamesPath, gamesPaths, type TOpsGame } from '@krapao/contracts/ops/games';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../../../test/render';
import { GamesCatalogue } from './games-catalogue';

const game = (code: string, sortOrder: number, extra: Partial<TOpsGame> = {}): TOpsGame => ({
  code,
  name: `${code} game`,
  category: 'slot',
  provider: 'demo',
  logo: '',
  state: 'on',
  maintenanceMessage: null,
  sortOrder,
  isFeatured: false,
  ...extra,
});
const GAMES = [
  game('JOKER', 10),
  game('PG', 20, { state: 'maintenance', maintenanceMessage: 'Back at 14:00' }),
  game('HUAYHD', 30, { state: 'off' }),
];

function server(answer: (url: string, body: unknown) => Response = () => jsonResponse(200, GAMES[0])) {
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') return answer(url, JSON.parse(String(init.body)));
    if (url === gamesPaths.list) return jsonResponse(200, { items: GAMES });
    return jsonResponse(404, { message: 'NO_DATA' });
  });
}
const posts = (fetchMock: ReturnType<typeof server>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String(init?.body))]);

afterEach(() => vi.unstubAllGlobals());

const rowOf = async (code: string) => (await screen.findAllByTestId('game-row')).find((r) => r.dataset.code === code)!;

describe('the games page', () => {
  it('lists each game with its state and the maintenance message', async () => {
    vi.stubGlobal('fetch', server());
    renderWith(<GamesCatalogue />, '/games');
    const pg = await rowOf('PG');
    expect(within(pg).getByTestId('game-state').textContent).toBe('Under maintenance');
    expect(pg.textContent).toContain('Back at 14:00');
    expect(within(await rowOf('HUAYHD')).getByTestId('game-state').textContent).toBe('Off');
    expect((within(await rowOf('JOKER')).getByRole('button', { name: 'Move up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('moves a game up with one change of its order, no reason needed', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<GamesCatalogue />, '/games');
    await userEvent.click(within(await rowOf('HUAYHD')).getByRole('button', { name: 'Move up' }));
    await waitFor(() => expect(posts(fetchMock)).toEqual([[gamesPath.update('HUAYHD'), { sortOrder: 15 }]]));
  });

  it('puts a game under maintenance only with a message and a reason', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<GamesCatalogue />, '/games');
    await userEvent.click(within(await rowOf('JOKER')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('State'), 'maintenance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Write the message members will see')).toBeTruthy();
    expect(within(dialog).getByText(/Say why/)).toBeTruthy();
    expect(posts(fetchMock)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Message for members'), 'Back at 18:00');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'provider upgrade');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(fetchMock)).toEqual([
      [
        gamesPath.update('JOKER'),
        { state: 'maintenance', maintenanceMessage: 'Back at 18:00', reason: 'provider upgrade' },
      ],
    ]);
  });

  it('features a game without a reason, and shows the server refusal', async () => {
    const fetchMock = server(() => jsonResponse(404, { message: 'NO_DATA' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWith(<GamesCatalogue />, '/games');
    await userEvent.click(within(await rowOf('JOKER')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Featured (shown first)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(posts(fetchMock)).toEqual([[gamesPath.update('JOKER'), { isFeatured: true }]]);
  });
});
