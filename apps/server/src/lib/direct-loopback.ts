import type { FastifyRequest } from 'fastify';

// Headers a reverse proxy adds to say whom it forwards. A request that carries any of them came
// through something else first, whatever its socket says, so it is not the operator's own browser.
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip'];

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

// The names a browser on this machine uses for it. Any other Host on a loopback connection is a
// page elsewhere that made the operator's own browser connect here under its name (DNS
// rebinding), and must not read what the operator may.
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostName(host: string | undefined): string {
  const h = (host ?? '').trim().toLowerCase();
  return h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.split(':')[0]!;
}

/**
 * True only for a request from this machine's own loopback address over a direct connection,
 * addressed to a loopback name.
 * It reads the socket's peer, never `request.ip`: with TRUST_PROXY set, `request.ip` comes from a
 * header, and a forwarded stranger must never look local.
 */
export function isDirectLoopback(request: FastifyRequest): boolean {
  const peer = request.raw.socket?.remoteAddress ?? '';
  if (!LOOPBACK.test(peer)) return false;
  if (FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  return LOOPBACK_HOSTS.has(hostName(request.headers.host));
}
