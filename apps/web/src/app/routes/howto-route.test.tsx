import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { HowtoRoute } from './howto-route';

describe('/howto', () => {
  it('renders outside any query provider (a public screen brings its own) and reads the tutorials', async () => {
    const api = mockFetch({
      'GET /api/lookup/howto': {
        body: [
          {
            id: 'wallet',
            title: 'Your wallet, from the server',
            video: '/howto/wallet.mp4',
            poster: '/howto/wallet.jpg',
          },
        ],
      },
    });
    const router = createMemoryRouter([{ path: '/howto', element: <HowtoRoute /> }], { initialEntries: ['/howto'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Your wallet, from the server')).toBeTruthy();
    expect(api.callsTo('GET', '/api/lookup/howto')).toHaveLength(1);
  });
});
