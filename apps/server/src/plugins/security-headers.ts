import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

// A strict policy: scripts only from our origin (no inline script anywhere), no framing.
// Inline *styles* are allowed because React style attributes and the dialog library use them.
// Pictures may come from any https address: officers may link an event's flyer or a candidate's
// photo from another site instead of uploading it (the forms take either).
// Connections (fetch and the live results socket) only to this site: 'self' covers same-origin
// ws:/wss: in CSP Level 3 browsers; the socket's explicit origin (from PUBLIC_URL) is listed as
// well for browsers that do not, and never a blanket ws: or wss: (any host).
const csp = (socketOrigin: string) => [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  `connect-src 'self' ${socketOrigin}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** ws://host[:port] or wss://host[:port] of the site's public address. */
export function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

const headers = (publicUrl: string) => ({
  'Content-Security-Policy': csp(socketOrigin(publicUrl)),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
});

/** Sets the security headers on an answer; also used where the framework answers before any hook. */
export function securityHeadersFor(publicUrl: string) {
  const HEADERS = headers(publicUrl);
  return (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(HEADERS);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Answers to the API may carry personal data: never store them in a shared cache.
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
  };
}

export default fp(async function securityHeaders(app: FastifyInstance) {
  const setHeaders = securityHeadersFor(app.config.publicUrl);
  // A callback hook, not an async one: it runs on every answer (no promise per request).
  app.addHook('onSend', (request, reply, payload, done) => {
    setHeaders(request, reply);
    done(null, payload);
  });
});
