// @vitest-environment happy-dom
import { MSG, SERVER_MSG } from '@aesa/shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { LoginScreen } from './login-screen.tsx';

const login = vi.hoisted(() => vi.fn());
const startSession = vi.hoisted(() => vi.fn());
vi.mock('../api/auth-api.ts', () => ({ login }));
vi.mock('@/lib/auth.ts', () => ({ startSession }));
vi.mock('@/lib/site-config.ts', () => ({ useSiteConfig: () => ({ dev_mail_url: null, site_name: 'AESA' }) }));

afterEach(() => {
  cleanup();
  login.mockReset();
  startSession.mockReset();
});

/** The server's answer to a sign-in it turned away for a crowd: 503, AUTH_SIGN_IN_BUSY, Retry-After. */
function busy(retryAfterSeconds: number, comeBackTicket: string | null = null) {
  const error = new ApiError(SERVER_MSG.signInBusy, 'http', 503, { success: false, error: SERVER_MSG.signInBusy, code: 'AUTH_SIGN_IN_BUSY' });
  error.retryAfterSeconds = retryAfterSeconds;
  if (comeBackTicket) error.headers = new Headers({ 'Retry-After': String(retryAfterSeconds), 'Come-Back-Ticket': comeBackTicket });
  return error;
}

async function submitLogin() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LoginScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.type(screen.getByLabelText('Matric Number'), 'AEE/20/0001');
  await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'a-good-password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const session = { success: true, token: 't', user: { id: 'u' } };

describe('the login page when the server is busy signing members in', () => {
  it("shows the server's message, counts its Retry-After down, and tries again by itself", async () => {
    login.mockRejectedValueOnce(busy(2, '1795800000000.ticket')).mockResolvedValueOnce(session);
    await submitLogin();

    expect(await screen.findByText(SERVER_MSG.signInBusy)).toBeTruthy();
    expect(login.mock.calls[0]?.[1]).toBeNull(); // nothing to send back on the first try
    const waiting = screen.getByRole('button', { name: MSG.loginRetryIn(2) }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(true);
    await screen.findByRole('button', { name: MSG.loginRetryIn(1) }, { timeout: 2000 });
    expect(login).toHaveBeenCalledTimes(1);

    await waitFor(() => expect(login).toHaveBeenCalledTimes(2), { timeout: 3000 });
    expect(login.mock.calls[1]?.[0]).toEqual({ matric_number: 'AEE/20/0001', password: 'a-good-password' });
    expect(login.mock.calls[1]?.[1]).toBe('1795800000000.ticket'); // the server's signed moment goes back with it
    await waitFor(() => expect(startSession).toHaveBeenCalledTimes(1));
  });

  it('stops waiting when the member changes what they typed, and sends nothing by itself', async () => {
    login.mockRejectedValueOnce(busy(1));
    await submitLogin();
    await screen.findByRole('button', { name: MSG.loginRetryIn(1) });

    await userEvent.type(screen.getByLabelText('Password', { exact: true }), '!');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1500));
    expect(login).toHaveBeenCalledTimes(1);
  });

  it("sends the server's moment back when the member tries again themselves", async () => {
    login.mockRejectedValueOnce(busy(30, '1795800000000.ticket')).mockResolvedValueOnce(session);
    await submitLogin();
    await screen.findByRole('button', { name: MSG.loginRetryIn(30) });
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(login).toHaveBeenCalledTimes(2));
    expect(login.mock.calls[1]).toEqual([{ matric_number: 'AEE/20/0001', password: 'a-good-password!' }, '1795800000000.ticket']);
  });

  it('waits for the member after any other failure', async () => {
    login.mockRejectedValueOnce(new ApiError('Invalid matric number or password', 'http', 401, { success: false, error: 'x', code: 'AUTH_INVALID_CREDENTIALS' }));
    await submitLogin();
    expect(await screen.findByText('Invalid matric number or password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 1200));
    expect(login).toHaveBeenCalledTimes(1);
  });
});
