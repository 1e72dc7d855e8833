import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/app-error.ts';

/**
 * The version a change was made from: the `If-Match: "<version>"` header, or `version` in the
 * body. A change without one is refused (428): an officer's edit must say what it was based on,
 * so that it cannot silently overwrite another officer's.
 */
export function versionSent(request: FastifyRequest, bodyVersion: number | undefined): number {
  const header = request.headers['if-match'];
  const m = typeof header === 'string' ? /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(header) : null;
  const version = m ? Number(m[1]) : bodyVersion;
  if (!version || !Number.isSafeInteger(version)) throw fail('VERSION_REQUIRED');
  return version;
}
