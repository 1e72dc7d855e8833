import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SESSION_ENDED_CLOSE, SocketSessions } from './socket-sessions.ts';

/** The part of a ws socket SocketSessions uses, recording what it was sent and how it closed. */
function fakeSocket() {
  const s = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    sent: [] as string[],
    closedWith: undefined as number | undefined,
    send(m: string) {
      s.sent.push(m);
    },
    close(code: number) {
      s.closedWith = code;
      s.readyState = 2;
    },
  });
  return s;
}

describe('SocketSessions', () => {
  it('closes a socket whose session ended, demotes one whose rights were withdrawn, shares a check in flight', async () => {
    const verdicts = new Map<string, { electoral: boolean } | null>([['admin', { electoral: true }], ['gone', null], ['member', { electoral: false }]]);
    let lookups = 0;
    const ended: unknown[] = [];
    const demoted: unknown[] = [];
    const sessions = new SocketSessions(async (hash) => (lookups++, verdicts.get(hash) ?? null), 60_000, { ended: (s) => ended.push(s), demoted: (s) => demoted.push(s) }, { error() {} });
    const [a, g, m] = [fakeSocket(), fakeSocket(), fakeSocket()];
    sessions.track(a as unknown as WebSocket, 'admin');
    sessions.track(g as unknown as WebSocket, 'gone');
    sessions.track(m as unknown as WebSocket, 'member');

    expect(await Promise.all([sessions.recheck(a as unknown as WebSocket), sessions.recheck(a as unknown as WebSocket)])).toEqual([true, true]);
    expect(lookups).toBe(1);
    expect(await sessions.recheck(g as unknown as WebSocket)).toBe(false);
    expect(g.closedWith).toBe(SESSION_ENDED_CLOSE);
    expect(JSON.parse(g.sent[0]!)).toMatchObject({ event: 'error' });
    expect(ended).toEqual([g]);
    expect(await sessions.recheck(g as unknown as WebSocket)).toBe(false); // ended stays ended, no lookup
    expect(lookups).toBe(2);
    expect(await sessions.recheck(m as unknown as WebSocket)).toBe(false);
    expect(demoted).toEqual([m]);
    expect(m.closedWith).toBeUndefined();
    expect(await sessions.recheck(fakeSocket() as unknown as WebSocket)).toBe(false); // never signed in
  });

  it('a failed lookup is a no for now, without closing', async () => {
    const sessions = new SocketSessions(async () => { throw new Error('database away'); }, 60_000, { ended() {}, demoted() {} }, { error() {} });
    const s = fakeSocket();
    sessions.track(s as unknown as WebSocket, 'h');
    expect(await sessions.recheck(s as unknown as WebSocket)).toBe(false);
    expect(s.closedWith).toBeUndefined();
  });
});
