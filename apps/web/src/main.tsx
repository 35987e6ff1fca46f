import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/600.css';
import '@fontsource/noto-sans-thai/700.css';
import '@fontsource/noto-sans-lao/400.css';
import '@fontsource/noto-sans-lao/700.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startSiteCheck } from './app/guards';
import { preloadScreens } from './app/routes';
import { startHomeLoad } from './features/wallet/api/home-load';
import { LOGIN_PATH } from './lib/api-client';
import { initI18n } from './lib/i18n';
import { hasToken } from './lib/storage';
import { whenIdle } from './lib/when-idle';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first screen's code, its namespaces and (at /login) the site check, (at the home screen) the
// home load, start alongside the boot locale file instead of after it; the boot locale arrives before
// the first paint, so no screen flashes untranslated keys.
const { pathname } = window.location;
if (pathname === LOGIN_PATH) startSiteCheck();
if (/^\/user(\/home)?\/?$/.test(pathname) && hasToken()) startHomeLoad();
preloadScreens(pathname);
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The service worker (installable app, offline shell) registers when the browser is idle after the page
// has loaded, from its own chunk: nothing of it is in the first screen's JavaScript, and its install
// (the whole build) does not share the link with the first screen's images and calls.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    whenIdle(() => void import('./lib/service-worker').then((m) => m.registerServiceWorker()).catch(() => {}));
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
