// @vitest-environment happy-dom
import { MSG } from '@aesa/shared/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEYS } from './auth-storage.ts';
import { sessionUser } from '@/testing/factories.ts';

// What a page load does with the stored session: each case loads the modules afresh, as a new
// page would.
async function loadPage() {
  vi.resetModules();
  const client = await import('./api-client.ts');
  const auth = await import('./auth.ts');
  const flash = await import('./flash.ts');
  const expired = vi.fn();
  client.onSessionExpired(expired);
  auth.initAuth();
  return { auth, flashes: flash.getFlashes(), expired };
}

function storeSession(expiresAt: number) {
  localStorage.setItem(AUTH_STORAGE_KEYS.token, 'stored-token');
  localStorage.setItem(AUTH_STORAGE_KEYS.expiresAt, String(expiresAt));
  localStorage.setItem(AUTH_STORAGE_KEYS.user, JSON.stringify(sessionUser()));
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
});
afterEach(() => vi.unstubAllGlobals());

describe('a page load', () => {
  it('with an expired stored session ends it as a 401 does: the message, then the login page', async () => {
    storeSession(Date.now() - 60_000);
    const { auth, flashes, expired } = await loadPage();
    expect(expired).toHaveBeenCalledTimes(1);
    expect(flashes.map((f) => [f.type, f.message])).toEqual([['error', MSG.sessionExpired]]);
    expect(auth.getAuthState()).toEqual({ status: 'anonymous', user: null });
    expect(localStorage.getItem(AUTH_STORAGE_KEYS.token)).toBeNull();
  });

  it('with a valid stored session stays signed in, without a word', async () => {
    storeSession(Date.now() + 3600_000);
    const { auth, flashes, expired } = await loadPage();
    expect(expired).not.toHaveBeenCalled();
    expect(flashes).toEqual([]);
    expect(auth.getAuthState().status).toBe('authenticated');
  });

  it('without a stored session says nothing', async () => {
    const { flashes, expired } = await loadPage();
    expect(expired).not.toHaveBeenCalled();
    expect(flashes).toEqual([]);
  });
});
