// The route table of spec §2 (history mode). Screens load lazily so /login stays a small bundle.
import { Navigate, Outlet, type RouteObject, redirect } from 'react-router';
import { checkSiteActive, requireToken } from './guards';
import { PublicLayout } from './layouts/public-layout';
import { BootFallback, RouteError } from './routes/boundary-routes';

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    HydrateFallback: BootFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        path: '/',
        Component: PublicLayout,
        children: [
          // A loader, not <Navigate>: the public layout must not mount (and end the session) on the way.
          { index: true, loader: () => redirect('/user'), Component: BootFallback },
          {
            path: 'login',
            loader: checkSiteActive,
            lazy: () => import('./routes/login-route').then((m) => ({ Component: m.LoginRoute })),
          },
          {
            path: 'register',
            lazy: () => import('./routes/register-route').then((m) => ({ Component: m.RegisterRoute })),
          },
          { path: 'howto', lazy: () => import('./routes/howto-route').then((m) => ({ Component: m.HowtoRoute })) },
          {
            path: 'contact',
            lazy: () => import('./routes/contact-route').then((m) => ({ Component: m.PublicContactRoute })),
          },
        ],
      },
      {
        path: '/user',
        loader: requireToken,
        // Re-check the token on every navigation inside /user, not only on entry.
        shouldRevalidate: () => true,
        lazy: () => import('./layouts/user-layout').then((m) => ({ Component: m.UserLayout })),
        children: [
          { index: true, element: <Navigate to="/user/home" replace /> },
          { path: 'home', lazy: () => import('./routes/home-route').then((m) => ({ Component: m.HomeRoute })) },
          {
            path: 'profile',
            lazy: () => import('./routes/profile-route').then((m) => ({ Component: m.ProfileRoute })),
          },
          { path: 'bonus', lazy: () => import('./routes/bonus-route').then((m) => ({ Component: m.BonusRoute })) },
          {
            path: 'statement',
            lazy: () => import('./routes/statement-route').then((m) => ({ Component: m.StatementRoute })),
          },
          {
            path: 'contact',
            lazy: () => import('./routes/contact-route').then((m) => ({ Component: m.UserContactRoute })),
          },
          { path: 'spin', lazy: () => import('./routes/spin-route').then((m) => ({ Component: m.SpinRoute })) },
        ],
      },
      {
        path: '/terminated',
        lazy: () => import('./routes/terminated-route').then((m) => ({ Component: m.TerminatedRoute })),
      },
      { path: '*', lazy: () => import('./routes/not-found-route').then((m) => ({ Component: m.NotFoundRoute })) },
    ],
  },
];
