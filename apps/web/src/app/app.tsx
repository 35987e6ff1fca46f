import { createBrowserRouter, RouterProvider } from 'react-router';
import { GlobalLoader } from '../components/ui/loader';
import { Toaster } from '../components/ui/toast';
import { setNavigate } from '../lib/navigation';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// The API client sends the user to /terminated or /login from outside React (spec §7).
setNavigate((path) => {
  if (router.state.location.pathname !== path) void router.navigate(path, { replace: true });
});

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <GlobalLoader />
      <Toaster />
    </>
  );
}
