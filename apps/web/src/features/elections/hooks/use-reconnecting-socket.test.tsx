// @vitest-environment happy-dom
import { act } from 'react';
import { type Root, createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../lib/fake-socket.ts';
import type { LiveStatus } from '../lib/reconnecting-socket.ts';
import { useReconnectingSocket } from './use-reconnecting-socket.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;
const seen: LiveStatus[] = [];
const messages: unknown[] = [];

function Probe({ enabled, electionId }: { enabled: boolean; electionId: string }) {
  const status = useReconnectingSocket({
    url: 'ws://portal.test/ws',
    enabled,
    onOpen: (send) => send({ event: 'join-election-room', electionId }),
    onMessage: (m) => messages.push(m),
    createSocket: (url) => new FakeSocket(url),
  });
  seen.push(status);
  return <span>{status}</span>;
}

function render(enabled: boolean, electionId = 'e1') {
  act(() => root.render(<Probe enabled={enabled} electionId={electionId} />));
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
  seen.length = 0;
  messages.length = 0;
  container = document.createElement('div');
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useReconnectingSocket', () => {
  it('shows connected, then reconnects with backoff, then failed after five attempts', () => {
    render(true);
    act(() => FakeSocket.latest().serverOpens());
    expect(container.textContent).toBe('connected');
    act(() => FakeSocket.latest().serverCloses(1006));
    expect(container.textContent).toBe('reconnecting');
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      act(() => vi.advanceTimersByTime(delay));
      act(() => FakeSocket.latest().serverCloses(1006));
    }
    expect(container.textContent).toBe('failed');
    expect(FakeSocket.all).toHaveLength(6);
  });

  it('uses the latest callbacks: a re-render with another election joins that one on reconnect', () => {
    render(true, 'e1');
    act(() => FakeSocket.latest().serverOpens());
    render(true, 'e2');
    act(() => FakeSocket.latest().serverCloses(1006));
    act(() => vi.advanceTimersByTime(1000));
    act(() => FakeSocket.latest().serverOpens());
    expect(FakeSocket.latest().sent).toEqual([{ event: 'join-election-room', electionId: 'e2' }]);
  });

  it('closes normally on unmount or when disabled, and does not retry', () => {
    render(true);
    const first = FakeSocket.latest();
    act(() => first.serverOpens());
    render(false);
    expect(first.closedWith).toBe(1000);
    expect(container.textContent).toBe('closed');
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(1);

    render(true);
    const second = FakeSocket.latest();
    act(() => root.unmount());
    root = createRoot(container);
    expect(second.closedWith).toBe(1000);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('passes messages to the latest onMessage', () => {
    render(true);
    act(() => FakeSocket.latest().serverOpens());
    act(() => FakeSocket.latest().serverSends({ event: 'vote-update', electionId: 'e1' }));
    expect(messages).toEqual([{ event: 'vote-update', electionId: 'e1' }]);
  });
});
