// @vitest-environment happy-dom
import { MSG } from '@aesa/shared/messages';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordField, TextField } from './field.tsx';
import { Form, type SchemaLoader, useZodForm } from './form.tsx';

afterEach(cleanup);

type LoginFields = { matric_number: string; password: string };
const loginSchema = () => import('@aesa/shared/schemas/auth').then((m) => m.loginSchema);

function LoginProbe({ load, onSubmit }: { load: SchemaLoader<LoginFields, LoginFields>; onSubmit: (v: LoginFields) => void }) {
  const form = useZodForm(load, { defaultValues: { matric_number: '', password: '' } });
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Login">
      <TextField label="Matric Number" {...form.field('matric_number')} />
      <PasswordField label="Password" {...form.field('password')} />
      <button type="submit">Login</button>
      <button type="button" onClick={() => form.setFormError('Login failed. Please try again.')}>
        Fail
      </button>
    </Form>
  );
}

describe('useZodForm and Form', () => {
  it("shows the shared schema's messages under their fields on submit and focuses the first invalid field", async () => {
    const onSubmit = vi.fn();
    render(<LoginProbe load={loginSchema} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    const matric = screen.getByLabelText('Matric Number');
    expect(await screen.findByText(MSG.matricRequired)).toBeTruthy();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    expect(matric.getAttribute('aria-invalid')).toBe('true');
    // The message is tied to its field, so a screen reader reads it with the field.
    const describedBy = matric.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(MSG.matricRequired);
    await waitFor(() => expect(document.activeElement).toBe(matric));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("clears a field's message when that field is edited, and keeps the others", async () => {
    render(<LoginProbe load={loginSchema} onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText(MSG.matricRequired);

    await userEvent.type(screen.getByLabelText('Matric Number'), 'a');
    expect(screen.queryByText(MSG.matricRequired)).toBeNull();
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
  });

  it("submits the schema's output (the matric number upper-cased, as the server stores it)", async () => {
    const onSubmit = vi.fn();
    render(<LoginProbe load={loginSchema} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Matric Number'), ' ae/20/001 ');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ matric_number: 'AE/20/001', password: 'secret' });
  });

  it('loads the schema once, when a field first gets focus, not when the form is shown', async () => {
    const load = vi.fn(loginSchema);
    render(<LoginProbe load={load} onSubmit={vi.fn()} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Matric Number'));
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText(MSG.matricRequired);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says so when the schema cannot be loaded, and tries again at the next submit', async () => {
    const load = vi.fn<SchemaLoader<LoginFields, LoginFields>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockImplementation(loginSchema);
    render(<LoginProbe load={load} onSubmit={vi.fn()} />);
    // Submitted without focusing a field (Enter from outside, or a script): the submit loads it.
    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.network);

    fireEvent.submit(screen.getByRole('form', { name: 'Login' }));
    expect(await screen.findByText(MSG.matricRequired)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a form-level message (a failed call) above the fields', async () => {
    render(<LoginProbe load={loginSchema} onSubmit={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Fail' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please try again.');
  });
});
