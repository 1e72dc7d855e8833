// @vitest-environment happy-dom
import { ADMIN_MODULES, type AdminMeResponse, type AdminModuleName } from '@aesa/shared/admin';
import type { SessionUser } from '@aesa/shared/auth';
import { ADMIN_FLAGS } from '@aesa/shared/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAdminScreenMe } from '@/components/admin/admin-screen.tsx';
import { endSession, startSession } from '@/lib/auth.ts';
import { AdminLayout, type AdminScreenHandle } from './admin-layout.tsx';

// The admin layout draws the frame around every admin screen and shows a screen only to a member
// whose modules (GET /api/admin/me) include its own; the screens render only their content.

function me(modules: AdminModuleName[], isAdmin = modules.length > 0): AdminMeResponse {
  return {
    success: true,
    is_admin: isAdmin,
    role_name: isAdmin ? 'Returning Officer' : null,
    flags: Object.fromEntries(ADMIN_FLAGS.map((f) => [f, false])) as AdminMeResponse['flags'],
    modules: Object.fromEntries(ADMIN_MODULES.map((m) => [m, modules.includes(m)])) as AdminMeResponse['modules'],
  };
}

let answer: AdminMeResponse;

beforeEach(() => {
  startSession({ token: 't', expires_at: new Date(Date.now() + 3_600_000).toISOString(), user: { id: 'u1', name: 'Ada Obi', email: 'ada@example.com' } as SessionUser });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/admin/me')) return Response.json(answer);
      return Response.json({ success: true, association_name: 'AESA', contact: { email: '', phone: '', address: '' }, locale: 'en-GB', time_zone: 'Africa/Lagos', public_url: 'http://localhost:3000', dev_mail_url: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

function Dashboard() {
  const data = useAdminScreenMe();
  return <p>dashboard for {data.role_name}</p>;
}

const handle = (admin: AdminScreenHandle['admin']): AdminScreenHandle => ({ admin });

function open(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: AdminLayout,
        children: [
          { path: '/admin', handle: handle({ title: 'Admin Dashboard' }), Component: Dashboard },
          {
            path: '/admin/electoral',
            handle: handle({ title: 'Electoral Management', module: 'electoral', intro: 'Create elections.' }),
            element: <p>the elections</p>,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the admin layout', () => {
  it('frames a module screen for a member whose role carries its module', async () => {
    answer = me(['electoral']);
    open('/admin/electoral');
    expect(await screen.findByText('the elections')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Electoral Management');
    expect(screen.getByText('Create elections.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/admin');
  });

  it('shows Access Denied in the frame, and not the screen, without the module', async () => {
    answer = me(['event']);
    open('/admin/electoral');
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Your admin role does not include Electoral Management. Ask a super admin if you need it.')).toBeTruthy();
    expect(screen.queryByText('the elections')).toBeNull();
    expect(screen.queryByText('Create elections.')).toBeNull();
  });

  it('gives the dashboard the answer it read, with the welcome and Back to Site instead of Back to Dashboard', async () => {
    answer = me(['event']);
    open('/admin');
    expect(await screen.findByText('dashboard for Returning Officer')).toBeTruthy();
    expect(screen.getByText(/Welcome,/).textContent).toContain('Ada Obi');
    expect(screen.getByRole('link', { name: 'Back to Site' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: /Back to Dashboard/ })).toBeNull();
  });

  it('shows a member without an admin role the full-page Access Denied on the dashboard', async () => {
    answer = me([], false);
    open('/admin');
    expect((await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).textContent).toBe('Access Denied');
    expect(screen.getByText("You don't have admin permissions to access this dashboard.")).toBeTruthy();
    expect(screen.queryByText(/dashboard for/)).toBeNull();
  });
});
