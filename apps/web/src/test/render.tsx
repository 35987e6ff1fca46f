import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';

/** Renders routes in a memory router with a fresh query client and the toaster. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** One screen at `path`, plus stub pages for wherever it may navigate. */
export function renderAt(element: ReactElement, path = '/', extra: RouteObject[] = []) {
  return renderRoutes(
    [
      { path, element },
      { path: '/login', element: <p>login page</p> },
      { path: '/user', element: <p>user page</p> },
      ...extra,
    ],
    path,
  );
}
