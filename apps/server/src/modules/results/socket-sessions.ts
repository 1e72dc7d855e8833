import type { WebSocket } from 'ws';
import type { WsServerMessage } from '@aesa/shared/elections';

/** The close code of a socket whose session ended (the client reconnects, as a visitor). */
export const SESSION_ENDED_CLOSE = 4001;
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Live results are shown as to a visitor.';

/** The session's current rights, or null when it ended (revoked, expired, idle too long). */
export type CheckSession = (tokenHash: string) => Promise<{ electoral: boolean } | null>;

interface Entry {
  tokenHash: string;
  /** A re-check in flight, shared by whoever needs an answer meanwhile. */
  checking?: Promise<boolean>;
  ended: boolean;
}

/**
 * The sessions of signed-in live results sockets. A socket that joined with a valid session is
 * checked again with the same lookup as every HTTP request: before live tallies are sent to it
 * (at most once per coalescing window), and every `everyMs` for all of them, so that a socket
 * whose session ended is closed even when no vote comes. A session that ended closes the socket
 * (after an error message); withdrawn rights are reported so its rooms turn into public views.
 */
export class SocketSessions {
  private entries = new Map<WebSocket, Entry>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly check: CheckSession,
    private readonly everyMs: number,
    private readonly hooks: { ended(socket: WebSocket): void; demoted(socket: WebSocket): void },
    private readonly log: { error(obj: object, msg: string): void },
  ) {}

  start() {
    this.timer = setInterval(() => {
      for (const [socket, entry] of this.entries) if (!entry.ended) void this.recheck(socket);
    }, this.everyMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  /** The socket joined with this (valid) session. */
  track(socket: WebSocket, tokenHash: string) {
    const entry = this.entries.get(socket);
    if (entry && !entry.ended) entry.tokenHash = tokenHash;
    else if (!entry) this.entries.set(socket, { tokenHash, ended: false });
  }

  forget(socket: WebSocket) {
    this.entries.delete(socket);
  }

  ended(socket: WebSocket): boolean {
    return this.entries.get(socket)?.ended ?? false;
  }

  /** Checks the socket's session now; true when it may still see live tallies. */
  recheck(socket: WebSocket): Promise<boolean> {
    const entry = this.entries.get(socket);
    if (!entry || entry.ended) return Promise.resolve(false);
    if (entry.checking) return entry.checking;
    entry.checking = (async () => {
      try {
        const verdict = await this.check(entry.tokenHash);
        if (!verdict) {
          this.end(socket, entry);
          return false;
        }
        if (!verdict.electoral) this.hooks.demoted(socket);
        return verdict.electoral;
      } catch (err) {
        // Unsure is no: live tallies wait for the next successful check.
        this.log.error({ err }, 'live results: checking a session failed');
        return false;
      } finally {
        entry.checking = undefined;
      }
    })();
    return entry.checking;
  }

  private end(socket: WebSocket, entry: Entry) {
    entry.ended = true;
    this.hooks.ended(socket);
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ event: 'error', error: SESSION_ENDED_MESSAGE } satisfies WsServerMessage));
    socket.close(SESSION_ENDED_CLOSE, 'Session ended');
  }
}
