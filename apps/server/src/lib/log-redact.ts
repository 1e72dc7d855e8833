import type { FastifyRequest } from 'fastify';

// A one-time link is a key to an account for up to 72 hours, and log lines travel further than
// the database (files, aggregators, support tickets). So no log line at any level carries a
// token: not a request URL (`/reset-password?token=…` is logged at debug), not an error message
// that quotes a failed query's parameters (the outbox insert holds the whole link), not a field.

// A ballot receipt links whoever holds it to a ballot (and, once the board is public, to its
// candidate); a log line with a request's receipt and its address or session would link a voter
// to a choice. So no receipt is logged either: not in a URL, not in a field, not bare.

const REDACTED = '[redacted]';
// `token=…` and its URL-encoded form, under any parameter name that ends in "token".
const TOKEN_PARAM = /([\w-]*token(?:=|%3D))[^&\s"'\\#<>]+/gi;
// A JSON field whose name says it holds a secret, wherever it sits in the line.
const SECRET_FIELD = /("[\w-]*(?:token|password|secret|receipt)[\w-]*":)"(?:[^"\\]|\\.)*"/gi;
// The receipt check's address (/api/elections/{id}/receipts/{code}), whatever the code's form.
const RECEIPT_PATH = /(\/receipts\/)[^/?#\s"']+/gi;
// A receipt as the server makes and stores it (packages/shared/src/receipts.ts): K7QF-2M9C-XW4T.
const BARE_RECEIPT = /(?<![A-Za-z0-9-])[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}(?![A-Za-z0-9-])/g;
// The shape of every token the portal issues (32 random bytes in base64url, lib/tokens.ts).
const BARE_TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/** The text with every token parameter's value, every secret field's value, every bare token and every receipt replaced. */
export function scrubSecrets(text: string): string {
  return text
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(SECRET_FIELD, `$1"${REDACTED}"`)
    .replace(BARE_TOKEN, REDACTED)
    .replace(RECEIPT_PATH, `$1${REDACTED}`)
    .replace(BARE_RECEIPT, REDACTED);
}

/** Fastify's request serializer, with the URL's tokens redacted. */
export function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: scrubSecrets(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
