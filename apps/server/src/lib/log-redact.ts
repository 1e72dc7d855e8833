import type { FastifyRequest } from 'fastify';

/**
 * A request URL as the logs may show it: one-time links (the first-administrator setup page and
 * its status call) carry their token in the query string, and a token must never reach a log.
 */
export function urlWithoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request serializer, with the URL's tokens redacted. */
export function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: urlWithoutTokens(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
