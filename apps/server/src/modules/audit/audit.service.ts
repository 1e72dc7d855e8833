import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

const SECRET_KEY = /password|token|secret|^code$/i; // code: a second-factor or recovery code
const MAX_DETAIL_CHARS = 4000;
const MAX_TARGET_CHARS = 200;

// PostgreSQL text and jsonb cannot hold a NUL character: one in a path parameter or a body (a
// hostile or broken client) must not turn the audit write, and so the answer, into a 500.
const withoutNul = (s: string) => s.replaceAll('\u0000', '');

/** The body of an admin write, without secrets and bounded in size, for the audit trail. */
export function auditDetails(body: unknown): unknown {
  if (body == null || typeof body !== 'object') return null;
  const json = JSON.stringify(body, (key, value) => {
    if (SECRET_KEY.test(key)) return '[redacted]';
    if (typeof value === 'string') return withoutNul(value);
    if (value && typeof value === 'object' && !Array.isArray(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), v]));
    return value;
  });
  if (json.length <= MAX_DETAIL_CHARS) return JSON.parse(json);
  return { truncated: json.slice(0, MAX_DETAIL_CHARS) };
}

export async function recordAudit(
  db: Db,
  request: FastifyRequest,
  entry: { outcome: 'ok' | 'denied' | 'failed'; statusCode: number },
) {
  const params = (request.params ?? {}) as Record<string, string>;
  const route = request.routeOptions.url ?? request.url;
  await db.insert(auditLog).values({
    actor_id: request.user?.id ?? null,
    action: `${request.method} ${route}`,
    method: request.method,
    route,
    target_id: withoutNul(String(params.candidateId ?? params.id ?? '')).slice(0, MAX_TARGET_CHARS) || null,
    outcome: entry.outcome,
    status_code: entry.statusCode,
    details: entry.outcome === 'denied' ? null : auditDetails(request.receivedBody ?? request.body),
    ip: request.ip,
  });
}
