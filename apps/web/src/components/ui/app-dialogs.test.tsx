// @vitest-environment happy-dom
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { AppDialogsProvider } from './app-dialogs.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;
let dialogs: ReturnType<typeof useAdminDialogs>;

function Probe() {
  dialogs = useAdminDialogs();
  return null;
}

beforeEach(async () => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root.render(<AppDialogsProvider><Probe /></AppDialogsProvider>));
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

const shown = () => document.querySelector('[data-app-dialog]');
const click = async (label: string) => {
  const button = [...shown()!.querySelectorAll('button')].find((b) => b.textContent === label)!;
  await act(async () => button.click());
};

describe('the admin screens\' confirm and failure notice (in-app, never the browser\'s)', () => {
  it('asks with the given text and resolves true on OK, false on Cancel', async () => {
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => void (answer = dialogs.confirmAction('Are you sure you want to delete "Gala"? This cannot be undone.')));
    expect(shown()?.getAttribute('data-app-dialog')).toBe('confirm');
    expect(shown()?.getAttribute('role')).toBe('alertdialog');
    expect(shown()?.textContent).toContain('Are you sure you want to delete "Gala"? This cannot be undone.');
    await click('OK');
    await expect(answer).resolves.toBe(true);
    expect(shown()).toBeNull();

    await act(async () => void (answer = dialogs.confirmAction('Remove Ada as a candidate for President?')));
    await click('Cancel');
    await expect(answer).resolves.toBe(false);
  });

  it('shows the spec text of a failed save with the server message, one after another, but nothing after a 401', async () => {
    await act(async () => {
      dialogs.alertFailure(new ApiError('End time must be after start time', 'http', 400), (m) => `Error saving election: ${m}`);
      dialogs.alertFailure(new ApiError('Session expired. Please login again.', 'http', 401), (m) => `Error saving election: ${m}`);
      dialogs.alertFailure(new Error(''), (m) => `Error deleting event: ${m}`);
    });
    expect(shown()?.getAttribute('data-app-dialog')).toBe('notice');
    expect(shown()?.textContent).toContain('Error saving election: End time must be after start time');
    await click('OK');
    expect(shown()?.textContent).toContain('Error deleting event: Unknown error');
    await click('OK');
    expect(shown()).toBeNull();
  });
});
