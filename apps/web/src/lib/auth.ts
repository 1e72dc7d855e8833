import type { LoginResponse, MeResponse, SessionUser } from '@aesa/shared/auth';
import { useSyncExternalStore } from 'react';
import { api, expireSession, isApiError, onSessionExpired } from './api-client.ts';
import { AUTH_STORAGE_KEYS, clearSession, readSession, storedSessionExpired, writeSession, writeUser } from './auth-storage.ts';

// The auth state: unauthenticated → authenticated when login returns a token, back
// on sign out or on any 401. On startup the stored session is read; an expired one is dropped.

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /**
   * Set by a deliberate sign-out until the next page: a members-only page then leads home, not
   * to the login form (which is for sessions that ended on their own).
   */
  signedOut?: true;
}

const ANONYMOUS: AuthState = { status: 'anonymous', user: null };
const SIGNED_OUT: AuthState = { status: 'anonymous', user: null, signedOut: true };
const listeners = new Set<() => void>();

function fromStorage(): AuthState {
  const session = readSession();
  if (!session) return ANONYMOUS;
  // A token without a readable user waits for GET /auth/me: the guards show a spinner meanwhile.
  return session.user ? { status: 'authenticated', user: session.user } : { status: 'loading', user: null };
}

// Read before fromStorage() drops it: a page load that finds the stored session expired ends it
// as a 401 would (the message, then the login page), not silently.
let expiredOnLoad = storedSessionExpired();
let state: AuthState = fromStorage();

function setState(next: AuthState) {
  if (next.status === state.status && next.user === state.user && next.signedOut === state.signedOut) return;
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthState(): AuthState {
  return state;
}

// The prerendered pages are the visitor's view: a signed-in member's first render (the hydration
// of that markup) is a visitor's too, and the member's own view follows at once (see use-hydrated.ts).
const getVisitorState = () => ANONYMOUS;

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, getAuthState, getVisitorState);
}

export function useUser(): SessionUser | null {
  return useAuth().user;
}

/** Keeps a successful login: token, expiry and user are stored and the app becomes signed in. */
export function startSession(response: Pick<LoginResponse, 'token' | 'user' | 'expires_at'>): void {
  writeSession(response.token, response.user, response.expires_at);
  setState({ status: 'authenticated', user: response.user });
}

/** Replaces the signed-in user (after GET /auth/me or a profile change). */
export function updateSessionUser(user: SessionUser): void {
  if (!readSession()) return;
  writeUser(user);
  setState({ status: 'authenticated', user });
}

/** Clears the session; `signedOut` when the member chose to sign out (see AuthState.signedOut). */
export function endSession({ signedOut = false } = {}): void {
  clearSession();
  setState(signedOut ? SIGNED_OUT : ANONYMOUS);
}

/** The sign-out has been acted on (the next page is shown): guards behave as for any visitor. */
export function forgetSignOut(): void {
  if (state.signedOut) setState(ANONYMOUS);
}

/** GET /auth/me: refreshes the stored user. A 401 ends the session through the API client. */
export async function refreshUser(): Promise<SessionUser | null> {
  if (!readSession()) {
    setState(ANONYMOUS);
    return null;
  }
  try {
    const { user } = await api.get<MeResponse>('/auth/me');
    updateSessionUser(user);
    return user;
  } catch (error) {
    // A failed refresh keeps a stored user (offline is not logged out); without one, give up.
    if (isApiError(error) && error.status === 401) return null;
  }
  if (state.status === 'loading') endSession();
  return state.user;
}

/** POST /auth/logout, then the session is cleared whatever the answer. */
export async function logout(): Promise<void> {
  try {
    if (readSession()) await api.post('/auth/logout', undefined, { sessionExpiryOn401: false });
  } catch {
    // The session ends on this device even when the server cannot be told.
  } finally {
    endSession({ signedOut: true });
  }
}

/** Admin guard rule: role admin or super_admin, or any admin type or admin role. */
export function hasAdminAccess(user: SessionUser | null): boolean {
  if (!user) return false;
  const roles = user.app_metadata.roles;
  return roles.includes('admin') || roles.includes('super_admin') || !!user.admin_type || !!user.admin_role;
}

let started = false;

/** Wires the auth state to the API client and to other tabs; refreshes the user once. */
export function initAuth(): void {
  if (started) return;
  started = true;
  onSessionExpired(() => setState(ANONYMOUS));
  if (expiredOnLoad) {
    expiredOnLoad = false;
    expireSession();
  }
  // Signing in or out in another tab changes this one too.
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key === null || Object.values(AUTH_STORAGE_KEYS).includes(event.key as never)) setState(fromStorage());
  });
  if (readSession()) void refreshUser();
}
