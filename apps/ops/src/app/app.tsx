import { OPS_BASE } from '@krapao/contracts/ops/paths';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { Loading } from '../components/ui/spinner';
import { setNavigate } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { routes } from './routes';

function Routed() {
  const location = useLocation();
  const navigate = useNavigate();
  // The API client sends a signed-out browser to the sign-in page from outside React; it comes back here after.
  useEffect(() => {
    setNavigate((path) => {
      if (location.pathname !== path) {
        navigate(path, { replace: true, state: { from: location.pathname + location.search } });
      }
    });
  }, [location.pathname, location.search, navigate]);
  return useRoutes(routes, location);
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename={OPS_BASE}>
        <Suspense fallback={<Loading />}>
          <Routed />
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
