import type { FastifyInstance } from 'fastify';
import { hashToken } from './lib/tokens.ts';
import { recordAttempt, runAudited } from './modules/audit/audit.service.ts';
import { findSessionByTokenHash } from './modules/auth/session.queries.ts';
import { adminFlagsOf } from './modules/auth/session-user.ts';
import { applyAdminMfaPolicy } from './modules/mfa/mfa-policy.ts';
import type { AccessOptions } from './plugins/access.ts';
import type { AuditTrail } from './plugins/audit.ts';

// What the cross-cutting plugins need of the features, written where the app is put together:
// each plugin declares a small interface (plugins/*.ts), and only this file knows which feature
// answers it.

/** Sessions (modules/auth), the admins' second-factor rule (modules/mfa), refusals in the audit trail. */
export function accessOptions(app: Pick<FastifyInstance, 'db' | 'clock' | 'config'>): AccessOptions {
  return {
    userOfToken: async (token) => {
      const row = await findSessionByTokenHash(app.db, hashToken(token), app.clock(), app.config.sessionIdleMs);
      return row && applyAdminMfaPolicy(app.db, { id: row.id, sessionId: row.session_id, row, admin: adminFlagsOf(row) });
    },
    recordDenied: (request) => recordAttempt(app.db, request, { outcome: 'denied', statusCode: 403 }),
  };
}

/** The audit trail (modules/audit): audited writes in one transaction with their entry, failures after. */
export function auditTrail(app: Pick<FastifyInstance, 'db' | 'directDb'>): AuditTrail {
  return {
    runAudited: (request, reply, handler) => runAudited(app.directDb, request, reply, handler),
    recordFailed: (request, statusCode) => recordAttempt(app.db, request, { outcome: 'failed', statusCode }),
  };
}
