// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserPickerDialog, type UserPickerProps } from './user-picker-dialog.tsx';
import { pickerUser } from '@/testing/factories.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = (n: number) => pickerUser(n, { user_skills: [{ skill_name: 'CFD' }] });
const USERS = [1, 2, 3, 4, 5].map(user);

let root: Root;
let container: HTMLElement;
let requests: string[];
let withoutEmail = false;

beforeEach(() => {
  requests = [];
  withoutEmail = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requests.push(url);
      if (url.includes('search=fail')) return new Response(JSON.stringify({ success: false, error: 'boom' }), { status: 500 });
      // What an admin who may not read e-mail addresses gets: the same rows without `email`.
      if (withoutEmail) return Response.json({ success: true, users: USERS.map(({ email: _email, ...u }) => u) });
      return new Response(JSON.stringify({ success: true, users: USERS }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function render(props: UserPickerProps) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <UserPickerDialog {...props} />
      </QueryClientProvider>,
    );
  });
  await waitFor(() => !!document.querySelector('ul[aria-label="Users"]') || text().includes('Failed to load users'));
}

async function waitFor(check: () => boolean | undefined, timeoutMs = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out; page: ${document.body.textContent}`);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
  }
}

const text = () => document.body.textContent ?? '';
const buttonNamed = (name: RegExp) => [...document.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '')) as HTMLButtonElement;
const checkboxOf = (n: number) =>
  [...document.querySelectorAll('label')].find((l) => l.textContent?.includes(`Member ${n}`))?.querySelector('input') as HTMLInputElement;

describe('user picker, instant mode', () => {
  it('one click hands over the user and closes the modal', async () => {
    const onSelect = vi.fn();
    const onOpenChange = vi.fn();
    await render({ mode: 'instant', open: true, onOpenChange, onSelect });
    expect(requests[0]).toMatch(/\/api\/admin\/picker\/users\?limit=50$/);
    await act(async () => buttonNamed(/Member 2/).click());
    expect(onSelect).toHaveBeenCalledWith(USERS[1]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('stays open with the spec text when the selection cannot be processed', async () => {
    const onOpenChange = vi.fn();
    await render({
      mode: 'instant',
      open: true,
      onOpenChange,
      onSelect: () => {
        throw new Error('nope');
      },
    });
    await act(async () => buttonNamed(/Member 1/).click());
    expect(text()).toContain('Error processing selection. Please try again.');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('rows without e-mail addresses show the matric number alone', async () => {
    const onSelect = vi.fn();
    withoutEmail = true;
    await render({ mode: 'instant', open: true, onOpenChange: vi.fn(), onSelect });
    const row = buttonNamed(/Member 2/);
    expect(row.textContent).toContain('AE/2');
    expect(row.textContent).not.toContain('·  ');
    expect(row.textContent).not.toMatch(/AE\/2 ·/);
    expect(row.textContent).not.toContain('undefined');
    await act(async () => row.click());
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: USERS[1]!.id, matric_number: 'AE/2' }));
  });

  it('greys out a user who cannot be picked', async () => {
    await render({ mode: 'instant', open: true, onOpenChange: vi.fn(), onSelect: vi.fn(), unavailableReason: (u) => (u.name === 'Member 3' ? 'Already an admin' : null) });
    expect(buttonNamed(/Member 3/).disabled).toBe(true);
    expect(text()).toContain('Already an admin');
  });
});

describe('user picker, confirm mode', () => {
  it('asks for at least one user, counts the selection, previews three and "and N more"', async () => {
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    await render({ mode: 'confirm', open: true, onOpenChange, onConfirm });
    await act(async () => buttonNamed(/Confirm Selection/).click());
    expect(text()).toContain('Please select at least one user.');
    expect(onConfirm).not.toHaveBeenCalled();

    for (const n of [1, 2, 3, 4, 5]) await act(async () => checkboxOf(n).click());
    expect(text()).toContain('5 selected');
    const preview = document.querySelector('[aria-label="Selected users"]')!;
    expect(preview.textContent).toContain('Member 1');
    expect(preview.textContent).toContain('Member 3');
    expect(preview.textContent).not.toContain('Member 4');
    expect(preview.textContent).toContain('and 2 more');

    await act(async () => buttonNamed(/Confirm Selection/).click());
    expect(onConfirm).toHaveBeenCalledWith(USERS);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses a selection past the maximum', async () => {
    await render({ mode: 'confirm', open: true, onOpenChange: vi.fn(), onConfirm: vi.fn(), max: 2 });
    for (const n of [1, 2, 3]) await act(async () => checkboxOf(n).click());
    expect(text()).toContain('Maximum 2 selections allowed');
    expect(text()).toContain('2 of 2 selected');
    expect(checkboxOf(3).checked).toBe(false);
  });

  it('keeps what was chosen before when opened again', async () => {
    await render({ mode: 'confirm', open: true, onOpenChange: vi.fn(), onConfirm: vi.fn(), initialSelected: [USERS[0]!] });
    expect(checkboxOf(1).checked).toBe(true);
    expect(text()).toContain('1 selected');
  });
});

describe('user picker, search', () => {
  it('sends the search after typing stops, and shows the load failure text with Try Again', async () => {
    await render({ mode: 'instant', open: true, onOpenChange: vi.fn(), onSelect: vi.fn() });
    const input = document.querySelector('input[type="search"]') as HTMLInputElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    await act(async () => {
      setValue.call(input, 'fail');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(requests).toHaveLength(1); // debounced: not yet
    await waitFor(() => text().includes('Failed to load users. Please try again.'));
    expect(requests.at(-1)).toContain('search=fail');
    expect(buttonNamed(/Try Again/)).toBeTruthy();
  });
});
