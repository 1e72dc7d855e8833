import type { SocketLike } from './reconnecting-socket.ts';

/** A WebSocket stand-in for unit tests: the test opens, closes and messages it by hand. */
export class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  static reset() {
    FakeSocket.all = [];
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.all.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverSends(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) } as MessageEvent);
  }

  serverCloses(code: number) {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.({ code } as CloseEvent);
  }
}
