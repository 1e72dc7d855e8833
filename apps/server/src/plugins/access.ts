import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MODULE_FLAG, type AdminModuleName } from '@aesa/shared/admin';
import type { AdminFlag } from '@aesa/shared/constants';
import { fail } from '../lib/app-error.ts';
import type { AuthUser } from '../modules/auth/session-user.ts';

/** Who may call a route. Every route declares one; a route without it is refused (deny by default). */
export type AdminModule = AdminModuleName;
export type Access = 'public' | 'member' | { admin: AdminModule };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The permission flag an admin module needs (super admin passes every module): the shared map. */
export function permissionFlagOf(module: AdminModule): AdminFlag {
  return MODULE_FLAG[module];
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
  return match ? match[1]! : null;
}

/** True when the admin flags pass the module; super admin passes every module. */
export function canUseModule(flags: AuthUser['admin'], module: AdminModule): boolean {
  if (!flags) return false;
  return flags.is_super_admin || flags[MODULE_FLAG[module]];
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw fail('UNAUTHENTICATED');
  return request.user;
}

/**
 * What the access rules need from the features: two calls, given where the app is put together
 * (app.ts), so that this plugin knows no feature's tables or services.
 */
export interface AccessOptions {
  /** The member a session token names, with the admin rules of the moment applied; null for no live session. */
  userOfToken(token: string): Promise<AuthUser | null>;
  /** Records a refused call (403) in the audit trail before its answer leaves. */
  recordDenied(request: FastifyRequest): Promise<void>;
}

export default fp<AccessOptions>(async function access(app: FastifyInstance, { userOfToken, recordDenied }: AccessOptions) {
  app.decorateRequest('user', null);

  const check = async (request: FastifyRequest, rule: Access | undefined, token: string | null) => {
    if (token) request.user = await userOfToken(token);
    if (rule === 'public') return;
    if (rule === undefined) throw fail('FORBIDDEN'); // a route that forgot to declare who may call it
    if (!request.user) throw fail('UNAUTHENTICATED');
    if (rule === 'member') return;
    if (!canUseModule(request.user.admin, rule.admin)) {
      await recordDenied(request);
      if (request.user.mfaSetupRequired) throw fail('MFA_SETUP_REQUIRED');
      throw fail('ADMIN_MODULE_DENIED', rule.admin);
    }
  };

  // A callback hook: a public route without a token (most reads) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions;
    if (!route.url) return done(); // no route: the not-found handler answers
    const rule = route.config.access;
    const token = bearerToken(request);
    if (rule === 'public' && !token) return done();
    check(request, rule, token).then(() => done(), done);
  });
});
