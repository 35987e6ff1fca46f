import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { OfflineBanner } from '../components/offline-banner';
import { GlobalLoader } from '../components/ui/loader';
import { Toaster } from '../components/ui/toast';
import { pendingUpdate, subscribeUpdate } from '../lib/app-update';
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

// The prompt ships in the service worker's chunk (vite.config.ts): it can only show once that code has
// run and offered a new version, so the first screen's JavaScript carries none of it.
const UpdatePrompt = lazy(() => import('../components/update-prompt').then((m) => ({ default: m.UpdatePrompt })));

function UpdateSlot() {
  const waiting = useSyncExternalStore(subscribeUpdate, pendingUpdate, () => null);
  if (!waiting) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Routed />
      <GlobalLoader />
      <Toaster />
      {/* Above the bottom menu, clear of the headers and the toasts at the top. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-[70] mx-auto flex w-full max-w-md flex-col gap-2 px-3">
        <OfflineBanner />
        <UpdateSlot />
      </div>
    </BrowserRouter>
  );
}
