import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from './fake-socket.ts';
import { type LiveStatus, liveResultsUrl, openReconnectingSocket, reconnectDelay } from './reconnecting-socket.ts';

function open(onMessage: (m: unknown) => void = () => {}) {
  const statuses: LiveStatus[] = [];
  const connection = openReconnectingSocket({
    url: 'ws://portal.test/ws',
    onOpen: (send) => send({ event: 'join-election-room', electionId: 'e1' }),
    onMessage,
    onStatus: (s) => statuses.push(s),
    createSocket: (url) => new FakeSocket(url),
  });
  return { connection, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => vi.useRealTimers());

describe('reconnectDelay: min(1000 × 2^n, 30000) ms', () => {
  it('doubles from one second and stops at thirty', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('openReconnectingSocket', () => {
  it('joins the election room on open and reports connected', () => {
    const { statuses } = open();
    expect(statuses).toEqual(['connecting']);
    FakeSocket.latest().serverOpens();
    expect(statuses.at(-1)).toBe('connected');
    expect(FakeSocket.latest().sent).toEqual([{ event: 'join-election-room', electionId: 'e1' }]);
  });

  it('hands parsed messages on and drops unparseable ones', () => {
    const received: unknown[] = [];
    open((m) => received.push(m));
    const socket = FakeSocket.latest();
    socket.serverOpens();
    socket.serverSends({ event: 'vote-update', electionId: 'e1' });
    socket.serverSends('not json');
    expect(received).toEqual([{ event: 'vote-update', electionId: 'e1' }]);
  });

  it('retries an abnormal close after 1, 2, 4, 8 and 16 s, then gives up', () => {
    const { statuses } = open();
    FakeSocket.latest().serverCloses(1006);
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      expect(statuses.at(-1)).toBe('reconnecting');
      const before = FakeSocket.all.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.all.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all.length).toBe(before + 1);
      FakeSocket.latest().serverCloses(1006);
    }
    expect(statuses.at(-1)).toBe('failed');
    expect(FakeSocket.all).toHaveLength(6); // the first connection and five attempts
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('starts the backoff over after a successful reconnection', () => {
    const { statuses } = open();
    FakeSocket.latest().serverCloses(1006);
    vi.advanceTimersByTime(1000);
    FakeSocket.latest().serverCloses(1011);
    vi.advanceTimersByTime(2000);
    FakeSocket.latest().serverOpens();
    expect(statuses.at(-1)).toBe('connected');
    expect(FakeSocket.latest().sent).toEqual([{ event: 'join-election-room', electionId: 'e1' }]);
    FakeSocket.latest().serverCloses(1006);
    const before = FakeSocket.all.length;
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all.length).toBe(before + 1);
  });

  it('does not retry a normal close from the server', () => {
    const { statuses } = open();
    FakeSocket.latest().serverOpens();
    FakeSocket.latest().serverCloses(1000);
    expect(statuses.at(-1)).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('closes normally when the page closes it, and never reconnects afterwards', () => {
    const { connection, statuses } = open();
    const socket = FakeSocket.latest();
    socket.serverOpens();
    connection.close();
    expect(socket.closedWith).toBe(1000);
    socket.serverCloses(1006);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(statuses.at(-1)).toBe('connected');
  });

  it('cancels a pending retry when closed while waiting', () => {
    const { connection } = open();
    FakeSocket.latest().serverCloses(1006);
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('liveResultsUrl', () => {
  it('uses wss on https pages and ws otherwise, on the page host', () => {
    expect(liveResultsUrl({ protocol: 'https:', host: 'aesa.example.edu' }, '/ws')).toBe('wss://aesa.example.edu/ws');
    expect(liveResultsUrl({ protocol: 'http:', host: 'localhost:3401' }, '/ws')).toBe('ws://localhost:3401/ws');
  });
});
