import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MFA_MSG, mfaConfirmSchema, mfaLoginSchema, mfaReauthSchema, securitySettingsSchema } from '@aesa/shared/mfa';
import { forbidden } from '../../lib/app-error.ts';
import { parseWith } from '../../lib/validate.ts';
import { requireUser } from '../../plugins/access.ts';
import { auditAdminWrite } from '../admin/admin-guard.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { issueSession } from '../auth/auth.service.ts';
import type { AuthUser } from '../auth/session-user.ts';
import * as mfa from './mfa.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
// Per client address, as for the password; the per-account lockout (checkSecret) is the real limit.
const codeLimit = { max: 100, timeWindow: FIFTEEN_MINUTES };

/** Second factor: the login's second step, the officer's own setup, and the super admin's switch. */
export async function mfaRoutes(app: FastifyInstance) {
  const deps = { db: app.db, config: app.config };

  app.post('/auth/token/mfa', { config: { access: 'public', rateLimit: codeLimit, directoryUnaffected: true } }, async (request) => {
    const input = parseWith(mfaLoginSchema, request.body);
    const userId = await mfa.completeChallenge(deps, input);
    return { success: true, ...(await issueSession(app.db, app.clock(), userId)) };
  });

  app.get('/auth/mfa', { config: { access: 'member' } }, async (request) => {
    const user = requireUser(request);
    return { success: true, ...(await mfa.status(deps, user.id, hasAdminRights(user))) };
  });

  // Setting up is for accounts with admin rights. These are member routes (not admin-module
  // routes) on purpose: an admin who is required to set it up must still reach them.
  const writeOpts = { config: { access: 'member' as const, rateLimit: codeLimit, directoryUnaffected: true as const }, onResponse: auditAdminWrite(app) };

  app.post('/auth/mfa/setup', writeOpts, async (request) => {
    const user = await requireAdminRights(request);
    return { success: true, ...(await mfa.startSetup(deps, { id: user.id, matric_number: user.row.matric_number })) };
  });

  app.post('/auth/mfa/confirm', writeOpts, async (request) => {
    const user = await requireAdminRights(request);
    const { code } = parseWith(mfaConfirmSchema, request.body);
    return { success: true, ...(await mfa.confirmSetup(deps, user.id, user.sessionId, code)) };
  });

  app.post('/auth/mfa/disable', writeOpts, async (request) => {
    const user = requireUser(request);
    const input = parseWith(mfaReauthSchema, request.body);
    return { success: true, ...(await mfa.disable(deps, user.id, user.sessionId, input)) };
  });

  app.post('/auth/mfa/recovery-codes', writeOpts, async (request) => {
    const user = requireUser(request);
    const input = parseWith(mfaReauthSchema, request.body);
    return { success: true, ...(await mfa.regenerateRecoveryCodes(deps, user.id, input)) };
  });

  app.get('/admin/security-settings', { config: { access: { admin: 'super' } } }, async () => ({ success: true, ...(await mfa.readSettings(deps)) }));

  app.put('/admin/security-settings', { config: { access: { admin: 'super' }, directoryUnaffected: true } }, async (request) => {
    const user = requireUser(request);
    const { require_admin_mfa } = parseWith(securitySettingsSchema, request.body);
    return { success: true, ...(await mfa.writeSettings(deps, user.id, require_admin_mfa)) };
  });

  /** An admin role, whether or not its rights are withheld until the second factor is set up. */
  function hasAdminRights(user: AuthUser) {
    return !!user.admin || !!user.mfaSetupRequired;
  }

  async function requireAdminRights(request: FastifyRequest) {
    const user = requireUser(request);
    if (!hasAdminRights(user)) {
      await recordAudit(app.db, request, { outcome: 'denied', statusCode: 403 });
      throw forbidden(MFA_MSG.adminsOnly);
    }
    return user;
  }
}
