import type { FastifyRequest } from 'fastify';

// Headers a reverse proxy adds to say whom it forwards. A request that carries any of them came
// through something else first, whatever its socket says, so it is not the operator's own browser.
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip'];

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * True only for a request from this machine's own loopback address over a direct connection.
 * It reads the socket's peer, never `request.ip`: with TRUST_PROXY set, `request.ip` comes from a
 * header, and a forwarded stranger must never look local.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  if (!LOOPBACK.test(peer)) return false;
  return !FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
}
