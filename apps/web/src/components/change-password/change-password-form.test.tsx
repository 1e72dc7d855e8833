// @vitest-environment happy-dom
import { MSG } from '@aesa/shared/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

const changePassword = vi.hoisted(() => vi.fn());
vi.mock('./api.ts', () => ({ changePassword }));

afterEach(() => {
  cleanup();
  changePassword.mockReset();
});

function renderForm(variant: 'settings' | 'profile' = 'settings') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChangePasswordForm variant={variant} />
    </QueryClientProvider>,
  );
  return {
    current: screen.getByLabelText('Current Password', { exact: true }),
    next: screen.getByLabelText('New Password', { exact: true }),
    confirm: screen.getByLabelText('Confirm New Password', { exact: true }),
    submit: screen.getByRole('button', { name: 'Change Password' }),
  };
}

describe('the settings change-password form', () => {
  it("shows the server's rules under each field and sends nothing", async () => {
    const f = renderForm();
    await userEvent.type(f.next, 'abc');
    await userEvent.type(f.confirm, 'abd');
    await userEvent.click(f.submit);

    expect(await screen.findByText(MSG.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(MSG.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(MSG.newPasswordsMismatch)).toBeTruthy();
    expect(f.confirm.getAttribute('aria-invalid')).toBe('true');
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, then empties the fields', async () => {
    changePassword.mockResolvedValue({ success: true, message: 'Password updated successfully' });
    const f = renderForm();
    await userEvent.type(f.current, 'old-password');
    await userEvent.type(f.next, 'new-password');
    await userEvent.type(f.confirm, 'new-password');
    await userEvent.click(f.submit);

    await waitFor(() => expect(changePassword).toHaveBeenCalledTimes(1));
    expect(changePassword.mock.calls[0]?.[0]).toEqual({ current_password: 'old-password', new_password: 'new-password' });
    await waitFor(() => expect((f.next as HTMLInputElement).value).toBe(''));
    expect((f.current as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal above the fields", async () => {
    changePassword.mockRejectedValue(new ApiError('Current password is incorrect', 'http', 400));
    const f = renderForm();
    await userEvent.type(f.current, 'wrong-password');
    await userEvent.type(f.next, 'new-password');
    await userEvent.type(f.confirm, 'new-password');
    await userEvent.click(f.submit);

    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');
  });
});

describe('the same form on the own profile', () => {
  it('keeps Change Password disabled until all three are filled and the new ones match, and says when they do not', async () => {
    const f = renderForm('profile');
    const submitEnabled = () => !(f.submit as HTMLButtonElement).disabled;
    expect(submitEnabled()).toBe(false);
    await userEvent.type(f.current, 'old-password');
    await userEvent.type(f.next, 'new-password');
    expect(submitEnabled()).toBe(false);
    await userEvent.type(f.confirm, 'new-passwort');
    expect(submitEnabled()).toBe(false);
    expect(screen.getByRole('status').textContent).toBe(MSG.newPasswordsMismatch);
    await userEvent.clear(f.confirm);
    await userEvent.type(f.confirm, 'new-password');
    expect(submitEnabled()).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
    await userEvent.clear(f.current);
    expect(submitEnabled()).toBe(false);
  });

  it('names the new password in the length message and sends nothing', async () => {
    const f = renderForm('profile');
    await userEvent.type(f.current, 'old-password');
    await userEvent.type(f.next, 'short');
    await userEvent.type(f.confirm, 'short');
    await userEvent.click(f.submit);
    expect(await screen.findByText(MSG.newPasswordTooShort)).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();
  });

  it("opens the alert 'Error changing password: {message}' when the server refuses", async () => {
    changePassword.mockRejectedValue(new ApiError('Current password is incorrect', 'http', 400));
    const f = renderForm('profile');
    await userEvent.type(f.current, 'wrong-password');
    await userEvent.type(f.next, 'new-password');
    await userEvent.type(f.confirm, 'new-password');
    await userEvent.click(f.submit);
    const alert = await screen.findByRole('alertdialog');
    expect(alert.textContent).toContain('Error changing password: Current password is incorrect');
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
