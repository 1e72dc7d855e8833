import type { ComponentType } from 'react';
import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import type { AdminScreenHandle } from './routes/admin-layout.tsx';
import { GuestLayout, ProtectedLayout } from './routes/guards.tsx';
import { RouterErrorRoute } from './routes/router-error.tsx';
import { AppShell } from './shell/app-shell.tsx';

// Every screen is its own chunk, loaded when its route is first visited: a visitor's pages never
// download admin code. The guards, the shell and the error screen are small and load up front.

type Screen<M> = (module: M) => ComponentType;
const screen =
  <M,>(load: () => Promise<M>, pick: Screen<M>) =>
  async () => ({ Component: pick(await load()) });

// The admin screens, each with the frame the admin layout draws around it (title, intro) and the
// module whose flag it needs.
const adminModuleRoutes: RouteObject[] = [
  {
    path: paths.admin.editorial.path,
    handle: adminScreen({ title: 'Editorial Management', module: 'editorial', intro: 'Review article submissions and publish articles on AeroIntel.' }),
    lazy: screen(() => import('@/features/admin/editorial/components/editorial-screen.tsx'), (m) => m.EditorialScreen),
  },
  {
    path: paths.admin.electoral.path,
    handle: adminScreen({ title: 'Electoral Management', module: 'electoral', intro: 'Create elections, manage their candidates and publish results.' }),
    lazy: screen(() => import('@/features/admin/electoral/components/electoral-screen.tsx'), (m) => m.ElectoralScreen),
  },
  {
    path: paths.admin.super.path,
    handle: adminScreen({ title: 'Super Admin Dashboard', module: 'super', intro: 'Manage admin roles, admin users and bulk email.' }),
    lazy: screen(() => import('@/features/admin/super/components/super-admin-screen.tsx'), (m) => m.SuperAdminScreen),
  },
  {
    path: paths.admin.data.path,
    handle: adminScreen({ title: 'Data Management', module: 'data', intro: 'Verify members, assign executive offices and update roles in bulk.' }),
    lazy: screen(() => import('@/features/admin/data/components/data-management-screen.tsx'), (m) => m.DataManagementScreen),
  },
  {
    path: paths.admin.events.path,
    handle: adminScreen({ title: 'Event Management', module: 'event', intro: 'Create the events members see on the Events page.' }),
    lazy: screen(() => import('@/features/admin/events/components/event-management-screen.tsx'), (m) => m.EventManagementScreen),
  },
  {
    path: paths.admin.communications.path,
    handle: adminScreen({ title: 'Email & Communications', module: 'email', intro: 'Send an email to member groups or to chosen members.' }),
    lazy: screen(() => import('@/features/admin/communications/components/communications-screen.tsx'), (m) => m.CommunicationsScreen),
  },
  {
    path: paths.admin.finance.path,
    handle: adminScreen({ title: 'Finance', module: 'finance', intro: 'Keep the sessions and their dues, approve proofs of payment and record payments.' }),
    lazy: screen(() => import('@/features/admin/finance/components/finance-screen.tsx'), (m) => m.FinanceScreen),
  },
];

function adminScreen(admin: AdminScreenHandle['admin']): AdminScreenHandle {
  return { admin };
}

const electionsScreen = screen(() => import('@/features/elections/components/elections-screen.tsx'), (m) => m.ElectionsScreen);

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppShell,
    errorElement: <RouterErrorRoute />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        // A failing screen keeps the top bar and footer around its error.
        errorElement: <RouterErrorRoute />,
        children: [
          { index: true, lazy: screen(() => import('@/features/home/components/home-screen.tsx'), (m) => m.HomeScreen) },
          { path: paths.about.path, lazy: screen(() => import('@/features/about/components/about-screen.tsx'), (m) => m.AboutScreen) },
          { path: paths.events.path, lazy: screen(() => import('@/features/events/components/events-screen.tsx'), (m) => m.EventsScreen) },
          { path: paths.event.path, lazy: screen(() => import('@/features/events/components/event-screen.tsx'), (m) => m.EventScreen) },
          { path: paths.members.path, lazy: screen(() => import('@/features/members/components/members-screen.tsx'), (m) => m.MembersScreen) },
          {
            path: paths.memberProfile.path,
            lazy: screen(() => import('@/features/profile/components/member-profile-screen.tsx'), (m) => m.MemberProfileScreen),
          },
          {
            path: paths.aerointel.path,
            lazy: screen(() => import('@/features/articles/components/aerointel-screen.tsx'), (m) => m.AeroIntelScreen),
          },
          { path: paths.elections.path, lazy: electionsScreen },
          { path: paths.electionResults.path, lazy: electionsScreen },
          { path: paths.electionBoard.path, lazy: screen(() => import('@/features/elections/components/board-screen.tsx'), (m) => m.BoardScreen) },
          {
            path: paths.auth.forgotPassword.path,
            lazy: screen(() => import('@/features/auth/components/forgot-password-screen.tsx'), (m) => m.ForgotPasswordScreen),
          },
          {
            path: paths.auth.resetPassword.path,
            lazy: screen(() => import('@/features/auth/components/reset-password-screen.tsx'), (m) => m.ResetPasswordScreen),
          },
          {
            path: paths.auth.setPassword.path,
            lazy: screen(() => import('@/features/auth/components/reset-password-screen.tsx'), (m) => m.SetPasswordScreen),
          },
          { path: paths.setup.path, lazy: screen(() => import('@/features/setup/components/setup-screen.tsx'), (m) => m.SetupScreen) },
          {
            // Signed in or not: the link may be opened in any browser.
            path: paths.auth.confirmEmail.path,
            lazy: screen(() => import('@/features/auth/components/confirm-email-screen.tsx'), (m) => m.ConfirmEmailScreen),
          },
          {
            // Signed in or not: mail links are opened in any browser.
            path: paths.unsubscribe.path,
            lazy: screen(() => import('@/features/notifications/components/unsubscribe-screen.tsx'), (m) => m.UnsubscribeScreen),
          },
          {
            path: paths.newsletterConfirm.path,
            lazy: screen(() => import('@/features/newsletter/components/newsletter-confirm-screen.tsx'), (m) => m.NewsletterConfirmScreen),
          },
          { path: paths.terms.path, lazy: screen(() => import('@/features/legal/components/terms-screen.tsx'), (m) => m.TermsScreen) },
          { path: paths.privacy.path, lazy: screen(() => import('@/features/legal/components/privacy-screen.tsx'), (m) => m.PrivacyScreen) },
          {
            Component: GuestLayout,
            children: [
              {
                path: paths.auth.login.path,
                lazy: screen(() => import('@/features/auth/components/login-screen.tsx'), (m) => m.LoginScreen),
              },
              {
                path: paths.auth.register.path,
                lazy: screen(() => import('@/features/auth/components/register-screen.tsx'), (m) => m.RegisterScreen),
              },
            ],
          },
          {
            Component: ProtectedLayout,
            children: [
              { path: paths.voting.path, lazy: screen(() => import('@/features/voting/components/voting-screen.tsx'), (m) => m.VotingScreen) },
              {
                path: paths.profile.path,
                lazy: screen(() => import('@/features/profile/components/own-profile-screen.tsx'), (m) => m.OwnProfileScreen),
              },
              {
                path: paths.receipt.path,
                lazy: screen(() => import('@/features/membership/components/receipt-screen.tsx'), (m) => m.ReceiptScreen),
              },
              { path: paths.dashboard.path, element: <Navigate to={paths.profile.href()} replace /> },
              // Any signed-in member may open /admin: the admin layout shows Access Denied on the
              // dashboard without an admin role, and on a module screen without its flag (GET
              // /api/admin/me). The server enforces every flag on its side (403) whatever a screen shows.
              {
                lazy: screen(() => import('./routes/admin-layout.tsx'), (m) => m.AdminLayout),
                children: [
                  {
                    path: paths.admin.dashboard.path,
                    handle: adminScreen({ title: 'Admin Dashboard' }),
                    lazy: screen(() => import('@/features/admin/dashboard/components/admin-dashboard-screen.tsx'), (m) => m.AdminDashboardScreen),
                  },
                  ...adminModuleRoutes,
                ],
              },
            ],
          },
          {
            path: paths.unauthorized.path,
            lazy: screen(() => import('./routes/unauthorized.tsx'), (m) => m.UnauthorizedRoute),
          },
          { path: '*', lazy: screen(() => import('./routes/not-found.tsx'), (m) => m.NotFoundRoute) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
