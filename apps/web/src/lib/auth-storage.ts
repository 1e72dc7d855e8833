import type { SessionUser } from '@aesa/shared/auth';
import { TIMING } from '@aesa/shared/constants';

// The session as the spec keeps it: token, expiration and user in local storage.
const KEYS = { token: 'aesa.token', expiresAt: 'aesa.expires_at', user: 'aesa.user' } as const;

export interface StoredSession {
  token: string;
  expiresAt: number;
  user: SessionUser | null;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off by the browser; the app then behaves as logged out.
    return null;
  }
}

/** The stored session, or null when there is none or it has expired (an expired one is removed). */
export function readSession(now: number = Date.now()): StoredSession | null {
  const s = storage();
  const token = s?.getItem(KEYS.token);
  if (!s || !token) return null;
  const expiresAt = Number(s.getItem(KEYS.expiresAt));
  if (!Number.isFinite(expiresAt) || expiresAt <= now) {
    clearSession();
    return null;
  }
  return { token, expiresAt, user: parseUser(s.getItem(KEYS.user)) };
}

/** Whether a session is stored whose expiry has passed (or cannot be read): it ended on its own. */
export function storedSessionExpired(now: number = Date.now()): boolean {
  const s = storage();
  if (!s?.getItem(KEYS.token)) return false;
  const expiresAt = Number(s.getItem(KEYS.expiresAt));
  return !Number.isFinite(expiresAt) || expiresAt <= now;
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && 'id' in value ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

/** The bearer token for a request, if a session is stored and still valid. */
export function readToken(now: number = Date.now()): string | null {
  return readSession(now)?.token ?? null;
}

/** Saves a new session; without a server expiry the spec's 24 hours from now are used. */
export function writeSession(token: string, user: SessionUser, expiresAt?: string | number | null): StoredSession {
  const parsed = typeof expiresAt === 'number' ? expiresAt : expiresAt ? Date.parse(expiresAt) : NaN;
  const expiry = Number.isFinite(parsed) ? parsed : Date.now() + TIMING.sessionHours * 3600_000;
  const s = storage();
  s?.setItem(KEYS.token, token);
  s?.setItem(KEYS.expiresAt, String(expiry));
  s?.setItem(KEYS.user, JSON.stringify(user));
  return { token, expiresAt: expiry, user };
}

export function writeUser(user: SessionUser): void {
  storage()?.setItem(KEYS.user, JSON.stringify(user));
}

export function clearSession(): void {
  const s = storage();
  s?.removeItem(KEYS.token);
  s?.removeItem(KEYS.expiresAt);
  s?.removeItem(KEYS.user);
}

export const AUTH_STORAGE_KEYS = KEYS;
