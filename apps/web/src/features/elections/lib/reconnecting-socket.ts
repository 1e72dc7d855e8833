import { TIMING } from '@aesa/shared/constants';

// The live results connection: on an abnormal close
// it tries again after min(1000 × 2^n, 30000) ms, n = 0, 1, 2…, up to 5 attempts, then gives up;
// a normal close (code 1000, or our own close when the dialog goes away) never retries.

export type LiveStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';

export const MAX_RECONNECT_ATTEMPTS = TIMING.reconnectMaxAttempts;
export const RECONNECT_CAP_MS = TIMING.reconnectCapMs;
export const NORMAL_CLOSURE = 1000;

/** The wait before reconnect attempt n (0-based). */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, RECONNECT_CAP_MS);
}

/** The part of the browser's WebSocket this needs (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface ReconnectingSocketOptions {
  url: string;
  /** Called on every (re)connection: send the join message here. */
  onOpen: (send: (message: unknown) => void) => void;
  /** Each message, parsed from JSON; unparseable ones never arrive here. */
  onMessage: (message: unknown) => void;
  onStatus: (status: LiveStatus) => void;
  createSocket?: (url: string) => SocketLike;
}

export interface ReconnectingSocket {
  /** Closes normally: no reconnection follows. */
  close(): void;
}

export function openReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let socket: SocketLike | null = null;
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = () => {
    timer = undefined;
    if (stopped) return;
    let current: SocketLike;
    try {
      current = create(options.url);
    } catch {
      // A malformed URL or a blocked scheme throws at once: treat it as an abnormal close.
      scheduleRetry();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (stopped || socket !== current) return;
      attempts = 0;
      options.onStatus('connected');
      options.onOpen((message) => current.send(JSON.stringify(message)));
    };
    current.onmessage = (event) => {
      if (stopped || socket !== current) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(event.data));
      } catch {
        return;
      }
      options.onMessage(parsed);
    };
    // An error is always followed by a close; the close decides what happens next.
    current.onerror = () => {};
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      if (stopped) return;
      if (event.code === NORMAL_CLOSURE) {
        options.onStatus('closed');
        return;
      }
      scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    if (attempts >= MAX_RECONNECT_ATTEMPTS) {
      options.onStatus('failed');
      return;
    }
    options.onStatus('reconnecting');
    timer = setTimeout(connect, reconnectDelay(attempts));
    attempts += 1;
  };

  options.onStatus('connecting');
  connect();

  return {
    close() {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      const current = socket;
      socket = null;
      if (current) {
        current.onopen = current.onmessage = current.onerror = current.onclose = null;
        // CONNECTING (0) or OPEN (1): close it normally.
        if (current.readyState <= 1) current.close(NORMAL_CLOSURE, 'Closed by the page');
      }
    },
  };
}

/** ws: or wss: to this site's /ws, as the page was loaded (same host as the app). */
export function liveResultsUrl(location: Pick<Location, 'protocol' | 'host'>, path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}
