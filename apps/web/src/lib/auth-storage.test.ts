// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEYS, clearSession, readSession, readToken, writeSession } from './auth-storage.ts';
import { sessionUser } from '@/testing/factories.ts';

const user = sessionUser();

beforeEach(() => localStorage.clear());

describe('auth storage', () => {
  it('keeps token, expiry and user, using the server expiry', () => {
    writeSession('t', user, '2999-01-01T00:00:00.000Z');
    expect(readSession()).toEqual({ token: 't', expiresAt: Date.parse('2999-01-01T00:00:00.000Z'), user });
    expect(readToken()).toBe('t');
  });

  it('defaults to 24 hours from now without a server expiry', () => {
    const before = Date.now();
    const { expiresAt } = writeSession('t', user, null);
    expect(expiresAt - before).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('drops an expired session on read', () => {
    writeSession('t', user, Date.now() + 1000);
    expect(readSession(Date.now() + 1000)).toBeNull();
    for (const key of Object.values(AUTH_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('treats a missing or unreadable expiry as expired', () => {
    localStorage.setItem(AUTH_STORAGE_KEYS.token, 't');
    expect(readSession()).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEYS.token, 't');
    localStorage.setItem(AUTH_STORAGE_KEYS.expiresAt, 'soon');
    expect(readSession()).toBeNull();
  });

  it('keeps a valid token whose stored user is unreadable, without the user', () => {
    writeSession('t', user, Date.now() + 60_000);
    localStorage.setItem(AUTH_STORAGE_KEYS.user, '{not json');
    expect(readSession()).toMatchObject({ token: 't', user: null });
  });

  it('clears everything', () => {
    writeSession('t', user, Date.now() + 60_000);
    clearSession();
    expect(readSession()).toBeNull();
  });
});
