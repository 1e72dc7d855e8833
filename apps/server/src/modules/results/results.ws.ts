import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ELECTION_MSG, WS_PATH, type WsServerMessage } from '@aesa/shared/elections';
import { wsClientMessageSchema } from '@aesa/shared/schemas/elections';
import { fail } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import { findSessionByTokenHash } from '../auth/session.queries.ts';
import { seesLiveCounts } from './live-viewer.ts';
import { canSeeElection } from './results.service.ts';

const MAX_ROOMS_PER_SOCKET = 20;
const MAX_MESSAGES = 30;
const MESSAGE_WINDOW_MS = 10_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * Only pages of this site may open the socket (a page elsewhere could otherwise ride a visitor's
 * browser): the Origin must be PUBLIC_URL's origin or the origin of the request's own Host.
 */
export function isSameOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === publicOrigin) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === request.host;
  } catch {
    return false;
  }
}

/**
 * The live results socket. The session token, when a client sends one, comes
 * inside the join message, never in the URL: URLs end up in proxy and access logs. It is never
 * logged here either.
 */
export async function liveResultsSocket(app: FastifyInstance) {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  const live = app.liveResults;

  const reply = (socket: WebSocket, message: WsServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };

  /**
   * Whether the token is a live session of an electoral admin (super passes), and the session's
   * token hash when it is a live session at all (the socket then re-checks it: socket-sessions.ts).
   */
  const viewer = async (socket: WebSocket, token: string | undefined): Promise<{ admin: boolean; tokenHash?: string }> => {
    if (!token) return { admin: false };
    const tokenHash = TOKEN_PATTERN.test(token) ? hashToken(token) : null;
    const row = tokenHash ? await findSessionByTokenHash(app.db, tokenHash, app.clock(), app.config.sessionIdleMs) : null;
    if (!row || !tokenHash) {
      reply(socket, { event: 'error', error: 'Your session has expired. Live results are shown as to a visitor.' });
      return { admin: false };
    }
    return { admin: await seesLiveCounts(app.db, row), tokenHash };
  };

  const handle = async (socket: WebSocket, raw: RawData) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString());
    } catch {
      return reply(socket, { event: 'error', error: 'Messages must be JSON' });
    }
    const result = wsClientMessageSchema.safeParse(parsed);
    if (!result.success) return reply(socket, { event: 'error', error: result.error.issues[0]?.message ?? 'Unknown message' });
    const message = result.data;
    if (message.event === 'leave-election-room') return live.leave(socket, message.electionId);

    const { admin, tokenHash } = await viewer(socket, message.token);
    const data = await live.cache.get(message.electionId);
    if (!data.meta || !canSeeElection(data.meta, admin)) return reply(socket, { event: 'error', error: ELECTION_MSG.electionNotFound });
    if (live.roomCount(socket) >= MAX_ROOMS_PER_SOCKET) return reply(socket, { event: 'error', error: 'Too many rooms on one connection' });
    reply(socket, live.join(socket, { ...data, meta: data.meta }, admin, tokenHash));
  };

  app.get(
    WS_PATH,
    {
      websocket: true,
      config: { access: 'public' },
      preValidation: async (request) => {
        if (!isSameOrigin(request, publicOrigin)) throw fail('ELECTION_LIVE_OTHER_ORIGIN');
      },
    },
    (socket) => {
      live.addSocket(socket);
      let windowStart = Date.now();
      let count = 0;
      socket.on('error', () => socket.terminate());
      socket.on('message', (raw) => {
        const now = Date.now();
        if (now - windowStart > MESSAGE_WINDOW_MS) {
          windowStart = now;
          count = 0;
        }
        if (++count > MAX_MESSAGES) return socket.close(1008, 'Too many messages');
        handle(socket, raw).catch((err: unknown) => {
          app.log.error({ err }, 'live results: message failed');
          reply(socket, { event: 'error', error: 'Something went wrong on our side. Please try again later.' });
        });
      });
    },
  );
}
