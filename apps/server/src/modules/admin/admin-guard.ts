import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AdminModuleName } from '@aesa/shared/admin';
import { fail } from '../../lib/app-error.ts';
import { canUseModule, requireUser } from '../../plugins/access.ts';
import type { AdminFlags, AuthUser } from '../auth/session-user.ts';
import { recordAttempt } from '../audit/audit.service.ts';
import { mfaSetupRequiredError } from '../mfa/mfa-policy.ts';

// Most admin routes name their module in `config.access` and the access plugin checks it. A few
// need a check that one module name cannot express (any admin at all; a module chosen by a body
// field): they declare access 'member' and `audit: true` (plugins/audit.ts), and call these,
// which deny and audit the same way.

export type AdminUser = AuthUser & { admin: AdminFlags };

/** The signed-in admin (any flag); a member without an admin role gets 403, recorded in the audit log. */
export async function requireAnyAdmin(app: FastifyInstance, request: FastifyRequest): Promise<AdminUser> {
  const user = requireUser(request);
  if (!user.admin) {
    await recordAttempt(app.db, request, { outcome: 'denied', statusCode: 403 });
    if (user.mfaSetupRequired) throw mfaSetupRequiredError();
    throw fail('ADMIN_NOT_AN_ADMIN');
  }
  return user as AdminUser;
}

/** The signed-in admin if their flags pass `module` (super passes all); otherwise 403, audited. */
export async function requireModule(app: FastifyInstance, request: FastifyRequest, module: AdminModuleName): Promise<AdminUser> {
  const user = requireUser(request);
  if (!canUseModule(user.admin, module)) {
    await recordAttempt(app.db, request, { outcome: 'denied', statusCode: 403 });
    if (user.mfaSetupRequired) throw mfaSetupRequiredError();
    throw (user.admin ? fail('ADMIN_MODULE_DENIED', module) : fail('ADMIN_NOT_AN_ADMIN'));
  }
  return user as AdminUser;
}

/**
 * The signed-in admin if their flags pass any of `modules` (super passes all); otherwise 403,
 * audited. For a step that belongs to two modules, e.g. installing election winners as
 * executives (electoral or data).
 */
export async function requireAnyModule(app: FastifyInstance, request: FastifyRequest, modules: readonly AdminModuleName[]): Promise<AdminUser> {
  const user = requireUser(request);
  if (!modules.some((m) => canUseModule(user.admin, m))) {
    await recordAttempt(app.db, request, { outcome: 'denied', statusCode: 403 });
    if (user.mfaSetupRequired) throw mfaSetupRequiredError();
    throw (user.admin ? fail('ADMIN_MODULE_DENIED', modules[0]!) : fail('ADMIN_NOT_AN_ADMIN'));
  }
  return user as AdminUser;
}
