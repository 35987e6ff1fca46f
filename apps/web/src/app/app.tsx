import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { GlobalLoader } from '../components/ui/loader';
import { Toaster } from '../components/ui/toast';
import { setNavigate } from '../lib/navigation';
import { routes } from './routes';

function Routed() {
  const location = useLocation();
  const navigate = useNavigate();
  // The API client sends the user to /terminated or /login from outside React (docs/product.md §2.1).
  useEffect(() => {
    setNavigate((path) => {
      if (location.pathname !== path) navigate(path, { replace: true });
    });
  }, [location.pathname, navigate]);
  return useRoutes(routes, location);
}

export function App() {
  return (
    <BrowserRouter>
      <Routed />
      <GlobalLoader />
      <Toaster />
    </BrowserRouter>
  );
}
