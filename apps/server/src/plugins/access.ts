import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MODULE_FLAG, type AdminModuleName } from '@aesa/shared/admin';
import type { AdminFlag } from '@aesa/shared/constants';
import { fail } from '../lib/app-error.ts';
import type { AuthUser } from '../modules/auth/session-user.ts';

export type AdminModule = AdminModuleName;

/**
 * Who may call a route. Every route declares one in `config.access`; a route without it is
 * refused (deny by default). The same value is checked here and written into the API document
 * (plugins/openapi.ts), so what a route allows and what the document says cannot differ.
 * - 'public': anyone, signed in or not;
 * - 'member': any signed-in member;
 * - { admin: 'any' }: any admin role, whatever its permissions; with `evenWithheld`, also a role
 *   whose rights are withheld until its holder sets up a second factor (the setup itself);
 * - { admin: module }: that module's permission ('super': super admin only);
 * - { admin: [modules] }: any one of those modules' permissions.
 * A super admin passes every admin rule.
 */
export type Access = 'public' | 'member' | { admin: AdminModule | readonly AdminModule[] } | { admin: 'any'; evenWithheld?: true };

/** An admin rule: the modules it accepts, or 'any'. */
export type AdminRule = Extract<Access, object>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A route open to more callers whose answer is fuller for this module's admins (hidden
     * elections, live counts): the plugin sets `request.adminView` for such a caller.
     */
    adminView?: AdminModule;
    /**
     * A 'member' route whose handler looks the session up itself, in the same statement as its
     * own work (the vote: one round trip instead of two). This plugin then only refuses a call
     * without a token (401) and leaves the token in `request.sessionToken`; the handler must
     * answer 401 for an unknown, revoked, expired or idle session and change nothing.
     */
    sessionInStatement?: true;
  }
  interface FastifyInstance {
    /** Records a refused call (403) in the audit trail (`AccessOptions.recordDenied`). */
    recordDenied(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The caller passes the route's `config.adminView` module (false where the route declares none). */
    adminView: boolean;
    /** The bearer token, on a route whose handler checks the session itself (`config.sessionInStatement`). */
    sessionToken: string | null;
  }
}

/** The permission flag an admin module needs (super admin passes every module): the shared map. */
export function permissionFlagOf(module: AdminModule): AdminFlag {
  return MODULE_FLAG[module];
}

/** The modules an admin rule accepts ('any' for any admin role). */
export function modulesOf(rule: AdminRule): readonly AdminModule[] | 'any' {
  return rule.admin === 'any' ? 'any' : typeof rule.admin === 'string' ? [rule.admin] : rule.admin;
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

/** True when the signed-in user passes the rule. */
export function passesAdminRule(user: AuthUser, rule: AdminRule): boolean {
  const modules = modulesOf(rule);
  if (modules === 'any') return !!user.admin || (withheldPasses(rule) && !!user.mfaSetupRequired);
  return modules.some((m) => canUseModule(user.admin, m));
}

const withheldPasses = (rule: AdminRule) => 'evenWithheld' in rule && rule.evenWithheld === true;

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

/**
 * The one refusal of an admin rule: the caller must be signed in and pass it; otherwise the
 * attempt is recorded in the audit log ('denied') and the call gets 403. Used by the access hook,
 * and by a handler whose module follows from what is sent (the admin image upload's type).
 */
export async function requireAdmin(request: FastifyRequest, rule: AdminRule): Promise<AuthUser> {
  const user = requireUser(request);
  if (passesAdminRule(user, rule)) return user;
  await request.server.recordDenied(request);
  if (withheldPasses(rule)) throw fail('MFA_ADMINS_ONLY'); // the second factor's own routes
  if (user.mfaSetupRequired) throw fail('MFA_SETUP_REQUIRED');
  const modules = modulesOf(rule);
  throw user.admin && modules !== 'any' ? fail('ADMIN_MODULE_DENIED', modules[0]!) : fail('ADMIN_NOT_AN_ADMIN');
}

export default fp<AccessOptions>(async function access(app: FastifyInstance, { userOfToken, recordDenied }: AccessOptions) {
  app.decorate('recordDenied', recordDenied);
  app.decorateRequest('user', null);
  app.decorateRequest('adminView', false);
  app.decorateRequest('sessionToken', null);

  const check = async (request: FastifyRequest, rule: Access | undefined, token: string | null) => {
    if (token) request.user = await userOfToken(token);
    const view = request.routeOptions.config.adminView;
    if (view && request.user) request.adminView = canUseModule(request.user.admin, view);
    if (rule === 'public') return;
    if (rule === undefined) throw fail('FORBIDDEN'); // a route that forgot to declare who may call it
    if (!request.user) throw fail('UNAUTHENTICATED');
    if (rule === 'member') return;
    await requireAdmin(request, rule);
  };

  // A callback hook: a public route without a token (most reads) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions;
    if (!route.url) return done(); // no route: the not-found handler answers
    const rule = route.config.access;
    const token = bearerToken(request);
    if (rule === 'public' && !token) return done();
    if (rule === 'member' && route.config.sessionInStatement) {
      request.sessionToken = token;
      return done(token ? undefined : fail('UNAUTHENTICATED'));
    }
    check(request, rule, token).then(() => done(), done);
  });
});
