// @vitest-environment happy-dom
import type { SessionUser } from '@aesa/shared/auth';
import type { RsvpResponse } from '@aesa/shared/rsvp';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '@/lib/auth.ts';
import { RsvpPanel } from './rsvp-panel.tsx';

// What the member sees of their answer: status, waitlist place, places left, closed sign-ups;
// what visitors and events that take no answers show.

const event = { id: 'e1', title: 'Glider Day', status: 'upcoming' as const, event_date: new Date(Date.now() + 864e5).toISOString() };
const signUps = (o: Partial<RsvpResponse['sign_ups']> = {}): RsvpResponse['sign_ups'] => ({ open: true, capacity: 2, going: 0, waitlisted: 0, places_left: 2, ...o });
let current: RsvpResponse;
let puts: unknown[];

beforeEach(() => {
  puts = [];
  startSession({ token: 't', expires_at: new Date(Date.now() + 3_600_000).toISOString(), user: { id: 'u1', name: 'Ada Obi', email: 'ada@example.com' } as SessionUser });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') puts.push(JSON.parse(String(init.body)));
      return Response.json(current);
    }),
  );
});
afterEach(() => {
  cleanup();
  endSession();
  vi.unstubAllGlobals();
});

function show(e: Parameters<typeof RsvpPanel>[0]['event'] = event) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RsvpPanel event={e} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the RSVP panel', () => {
  it('offers Going with the places left, and shows the answer the server gave back', async () => {
    current = { success: true, rsvp: null, sign_ups: signUps() };
    show();
    expect(await screen.findByText('You have not answered yet.')).toBeTruthy();
    expect(screen.getByText('2 of 2 places left.')).toBeTruthy();
    current = { success: true, rsvp: { answer: 'going', status: 'going', waitlist_place: null, answered_at: new Date().toISOString() }, sign_ups: signUps({ going: 1, places_left: 1 }) };
    await userEvent.click(screen.getByRole('button', { name: 'Going' }));
    expect(await screen.findByText('You are going.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Going' }).getAttribute('aria-pressed')).toBe('true');
    expect(puts).toEqual([{ answer: 'going' }]);
  });

  it('says Full — join the waitlist, and the place on it', async () => {
    current = { success: true, rsvp: null, sign_ups: signUps({ going: 2, waitlisted: 3, places_left: 0 }) };
    show();
    expect(await screen.findByText('Full — join the waitlist (3 waiting).')).toBeTruthy();
    current = { success: true, rsvp: { answer: 'going', status: 'waitlisted', waitlist_place: 4, answered_at: new Date().toISOString() }, sign_ups: signUps({ going: 2, waitlisted: 4, places_left: 0 }) };
    await userEvent.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('You are on the waitlist: number 4.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'On the waitlist' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('closed sign-ups: no Going for a member who has not answered, Not going still there', async () => {
    current = { success: true, rsvp: null, sign_ups: signUps({ open: false }) };
    show();
    expect(await screen.findByText('Sign-ups are closed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Going' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Not going' })).toBeTruthy();
  });

  it('asks visitors to log in, and shows nothing for a cancelled or started event', () => {
    endSession();
    show();
    expect(screen.getByRole('link', { name: 'Log in to answer for Glider Day' })).toBeTruthy();
    cleanup();
    show({ ...event, status: 'cancelled' });
    expect(screen.queryByText('Are you going?')).toBeNull();
    cleanup();
    show({ ...event, event_date: new Date(Date.now() - 60_000).toISOString() });
    expect(screen.queryByText('Are you going?')).toBeNull();
  });
});
