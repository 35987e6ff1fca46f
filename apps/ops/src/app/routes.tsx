// The console's pages under OPS_BASE: sign-in and enrolment outside the shell, the rest inside it.
// Each page's code loads with the page, so the sign-in screen ships only what it uses.
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const page = <T,>(load: () => Promise<T>, pick: (m: T) => React.ComponentType) =>
  lazy(() => load().then((m) => ({ default: pick(m) })));

const Login = page(
  () => import('./routes/login-route'),
  (m) => m.LoginRoute,
);
const Enrol = page(
  () => import('./routes/enrol-route'),
  (m) => m.EnrolRoute,
);
const Shell = page(
  () => import('./layouts/shell-layout'),
  (m) => m.ShellLayout,
);
const Home = page(
  () => import('./routes/home-route'),
  (m) => m.HomeRoute,
);
const Staff = page(
  () => import('./routes/staff-route'),
  (m) => m.StaffRoute,
);
const Audit = page(
  () => import('./routes/audit-route'),
  (m) => m.AuditRoute,
);
const Members = page(
  () => import('./routes/members-route'),
  (m) => m.MembersRoute,
);
const Member = page(
  () => import('./routes/member-route'),
  (m) => m.MemberRoute,
);
const Approvals = page(
  () => import('./routes/approvals-route'),
  (m) => m.ApprovalsRoute,
);
const Withdrawals = page(
  () => import('./routes/withdrawals-route'),
  (m) => m.WithdrawalsRoute,
);
const Transfers = page(
  () => import('./routes/transfers-route'),
  (m) => m.TransfersRoute,
);
const Slips = page(
  () => import('./routes/slips-route'),
  (m) => m.SlipsRoute,
);
const Deposits = page(
  () => import('./routes/deposits-route'),
  (m) => m.DepositsRoute,
);
const Chat = page(
  () => import('./routes/chat-route'),
  (m) => m.ChatRoute,
);
const Promotions = page(
  () => import('./routes/promotions-route'),
  (m) => m.PromotionsRoute,
);
const Games = page(
  () => import('./routes/games-route'),
  (m) => m.GamesRoute,
);
const Settings = page(
  () => import('./routes/settings-route'),
  (m) => m.SettingsRoute,
);
const Content = page(
  () => import('./routes/content-route'),
  (m) => m.ContentRoute,
);
const SpinWheel = page(
  () => import('./routes/spin-wheel-route'),
  (m) => m.SpinWheelRoute,
);
const Protection = page(
  () => import('./routes/protection-route'),
  (m) => m.ProtectionRoute,
);
const NotFound = page(
  () => import('./routes/not-found-route'),
  (m) => m.NotFoundRoute,
);

export const routes: RouteObject[] = [
  { path: '/login', element: <Login /> },
  { path: '/enrol/:token', element: <Enrol /> },
  {
    element: <Shell />,
    children: [
      { index: true, element: <Home /> },
      { path: 'staff', element: <Staff /> },
      { path: 'audit', element: <Audit /> },
      { path: 'members', element: <Members /> },
      { path: 'members/:memberId', element: <Member /> },
      { path: 'approvals', element: <Approvals /> },
      { path: 'withdrawals', element: <Withdrawals /> },
      { path: 'transfers', element: <Transfers /> },
      { path: 'slips', element: <Slips /> },
      { path: 'deposits', element: <Deposits /> },
      { path: 'chat', element: <Chat /> },
      { path: 'games', element: <Games /> },
      { path: 'promotions', element: <Promotions /> },
      { path: 'settings', element: <Settings /> },
      { path: 'content', element: <Content /> },
      { path: 'spin-wheel', element: <SpinWheel /> },
      { path: 'protection', element: <Protection /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
