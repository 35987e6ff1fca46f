// The route table (docs/product.md §2.1, history mode), rendered with the declarative router (<BrowserRouter> +
// useRoutes in app.tsx: ~16 KB gz less than the data router, decision 033). Screens load lazily with
// their locale namespaces so /login stays a small bundle; guards are components (guards.tsx).
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { lazyScreen, type Screen } from '../lib/lazy-screen';
import { hasToken } from '../lib/storage';
import { RequireToken, SiteActiveGate } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { RootShell } from './routes/boundary-routes';

const login = lazyScreen(
  'login-route',
  () => import('./routes/login-route'),
  (m) => m.LoginRoute,
);
const register = lazyScreen(
  'register-route',
  () => import('./routes/register-route'),
  (m) => m.RegisterRoute,
);
const howto = lazyScreen(
  'howto-route',
  () => import('./routes/howto-route'),
  (m) => m.HowtoRoute,
);
const contact = lazyScreen(
  'contact-route',
  () => import('./routes/contact-route'),
  (m) => m.PublicContactRoute,
);
const userContact = lazyScreen(
  'contact-route',
  () => import('./routes/contact-route'),
  (m) => m.UserContactRoute,
);
const userLayout = lazyScreen(
  'user-layout',
  () => import('./layouts/user-layout'),
  (m) => m.UserLayout,
);
const home = lazyScreen(
  'home-route',
  () => import('./routes/home-route'),
  (m) => m.HomeRoute,
);
const profile = lazyScreen(
  'profile-route',
  () => import('./routes/profile-route'),
  (m) => m.ProfileRoute,
);
const bonus = lazyScreen(
  'bonus-route',
  () => import('./routes/bonus-route'),
  (m) => m.BonusRoute,
);
const statement = lazyScreen(
  'statement-route',
  () => import('./routes/statement-route'),
  (m) => m.StatementRoute,
);
const spin = lazyScreen(
  'spin-route',
  () => import('./routes/spin-route'),
  (m) => m.SpinRoute,
);
const protection = lazyScreen(
  'protection-route',
  () => import('./routes/protection-route'),
  (m) => m.ProtectionRoute,
);
const terminated = lazyScreen(
  'terminated-route',
  () => import('./routes/terminated-route'),
  (m) => m.TerminatedRoute,
);
const notFound = lazyScreen(
  'not-found-route',
  () => import('./routes/not-found-route'),
  (m) => m.NotFoundRoute,
);

/** A route showing `screen`; `handle` lets preloadScreens start its code before it renders. */
function show(path: string, screen: Screen): RouteObject {
  return { path, element: <screen.Component />, handle: screen };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    // Code for every screen of the next path starts loading while this render decides what to show.
    element: <RootShell onLocation={preloadScreens} />,
    children: [
      // Outside the public layout: it must not mount (and end the session) on the way to /user.
      { path: '/', element: <Navigate to="/user" replace /> },
      {
        element: <PublicLayout />,
        children: [
          {
            path: '/login',
            element: (
              <SiteActiveGate>
                <login.Component />
              </SiteActiveGate>
            ),
            handle: login,
          },
          show('/register', register),
          show('/howto', howto),
          show('/contact', contact),
        ],
      },
      {
        path: '/user',
        element: (
          <RequireToken>
            <userLayout.Component />
          </RequireToken>
        ),
        handle: userLayout,
        children: [
          { index: true, element: <Navigate to="/user/home" replace />, handle: home },
          show('home', home),
          show('profile', profile),
          show('bonus', bonus),
          show('statement', statement),
          show('contact', userContact),
          show('spin', spin),
          show('protection', protection),
        ],
      },
      show('/terminated', terminated),
      show('*', notFound),
    ],
  },
];

/**
 * Start loading the code and namespaces of every screen `pathname` shows, all at once (a layout and
 * its page, the login screen and its site check), instead of one after the other as they render.
 */
export function preloadScreens(pathname: string): void {
  if (pathname.startsWith('/user') && !hasToken()) return; // RequireToken is about to send it to /login
  for (const match of matchRoutes(routes, pathname) ?? []) {
    const screen = match.route.handle as Screen | undefined;
    void screen?.preload().catch(() => {}); // a failed load shows when the screen renders
  }
}
