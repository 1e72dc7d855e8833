// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { endSession, forgetSignOut, getAuthState, logout, startSession } from './auth.ts';
import { sessionUser } from '@/testing/factories.ts';

beforeEach(() => {
  localStorage.clear();
  endSession();
});

describe('auth state', () => {
  it('a chosen sign-out is marked until the next page, so a members-only page leads home', async () => {
    await logout(); // no stored session: nothing to tell the server
    expect(getAuthState()).toEqual({ status: 'anonymous', user: null, signedOut: true });
    forgetSignOut();
    expect(getAuthState()).toEqual({ status: 'anonymous', user: null });
  });

  it('a session that ends on its own (a 401) is not a sign-out: guards send to the login form', () => {
    startSession({ token: 't', user: sessionUser(), expires_at: '2999-01-01T00:00:00.000Z' });
    expect(getAuthState().status).toBe('authenticated');
    endSession();
    expect(getAuthState()).toEqual({ status: 'anonymous', user: null });
    expect(localStorage.length).toBe(0);
  });

  it('signing in again clears the mark', () => {
    endSession({ signedOut: true });
    startSession({ token: 't', user: sessionUser(), expires_at: '2999-01-01T00:00:00.000Z' });
    expect(getAuthState().signedOut).toBeUndefined();
  });
});
