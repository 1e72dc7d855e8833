import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { z } from 'zod';
import { mfaConfirmSchema, mfaLoginSchema, mfaReauthSchema, mfaSetupSchema, securitySettingsSchema } from '@aesa/shared/schemas/mfa';
import { loginResponse, mfaSetupResponse, mfaStatusResponse, recoveryCodesResponse, securitySettingsResponse, messageResponse } from '@aesa/shared/schemas/auth';
import { requireUser } from '../../plugins/access.ts';
import { issueSession } from '../auth/auth.service.ts';
import type { AuthUser } from '../auth/session-user.ts';
import * as mfa from './mfa.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
// Per client address, as for the password; the per-account lockout (checkSecret) is the real limit.
const codeLimit = { max: 100, timeWindow: FIFTEEN_MINUTES };

/** Second factor: the login's second step, the officer's own setup, and the super admin's switch. */
export async function mfaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.config };
  const ok = true as const;

  const loginRoute = { config: { access: 'public' as const, rateLimit: codeLimit, directoryUnaffected: true as const }, schema: { operationId: 'signInWithSecondFactor', summary: 'Finish signing in with a second-factor code', body: mfaLoginSchema, response: replies(loginResponse) } };
  app.post('/auth/token/mfa', loginRoute, async (request) => {
    const userId = await mfa.completeChallenge(deps, request.body);
    return { success: ok, ...(await issueSession(app.db, app.clock(), userId)) };
  });

  app.get('/auth/mfa', { config: { access: 'member' }, schema: { operationId: 'getSecondFactor', summary: "The signed-in member's second-factor state", response: replies(mfaStatusResponse) } }, async (request) => {
    const user = requireUser(request);
    return { success: ok, ...(await mfa.status(deps, user.id, hasAdminRights(user))) };
  });

  // Setting up is for accounts with an admin role, also one whose rights are withheld until it is
  // set up (`evenWithheld`): an admin who is required to set it up must still reach these.
  // Turning it off and new codes are for every member who has it.
  const writeConfig = { rateLimit: codeLimit, directoryUnaffected: true as const };
  const adminConfig = { ...writeConfig, access: { admin: 'any' as const, evenWithheld: true as const } };
  const memberConfig = { ...writeConfig, access: 'member' as const, audit: true as const };
  // Each change asks for the current password (and a code where it says), checked in preHandler:
  // before the audited transaction opens (mfa.service.ts, secretsFor), after the body's schema.
  type Check = (deps: mfa.MfaDeps, userId: string, input: never) => Promise<void>;
  const secrets = (check: Check) => async (request: FastifyRequest) => check(deps, requireUser(request).id, request.body as never);
  // The admin role is checked before the body is validated (the access rule): a member learns nothing about the body.
  const adminWrite = (check: Check) => ({ config: adminConfig, preHandler: secrets(check) });
  const memberWrite = (check: Check) => ({ config: memberConfig, preHandler: secrets(check) });

  // A copied session alone cannot turn it on, off, or see new codes.
  app.post('/auth/mfa/setup', { ...adminWrite(mfa.secretsFor.setup), schema: { operationId: 'startSecondFactorSetup', summary: 'Start setting up a second factor', body: mfaSetupSchema, response: replies(mfaSetupResponse) } }, async (request) => {
    const user = requireUser(request);
    return { success: ok, ...(await mfa.startSetup(deps, { id: user.id, matric_number: user.row.matric_number })) };
  });

  app.post('/auth/mfa/confirm', { ...adminWrite(mfa.secretsFor.confirm), schema: { operationId: 'confirmSecondFactor', summary: 'Turn the second factor on with a first code', body: mfaConfirmSchema, response: replies(recoveryCodesResponse) } }, async (request) => {
    const user = requireUser(request);
    return { success: ok, ...(await mfa.confirmSetup(deps, user.id, user.sessionId)) };
  });

  app.post('/auth/mfa/disable', { ...memberWrite(mfa.secretsFor.reauthenticate), schema: { operationId: 'disableSecondFactor', summary: 'Turn the second factor off', body: mfaReauthSchema, response: replies(messageResponse) } }, async (request) => {
    const user = requireUser(request);
    return { success: ok, ...(await mfa.disable(deps, user.id, user.sessionId)) };
  });

  app.post('/auth/mfa/recovery-codes', { ...memberWrite(mfa.secretsFor.reauthenticate), schema: { operationId: 'renewRecoveryCodes', summary: 'Make a new set of recovery codes', body: mfaReauthSchema, response: replies(recoveryCodesResponse) } }, async (request) => {
    const user = requireUser(request);
    return { success: ok, ...(await mfa.regenerateRecoveryCodes(deps, user.id)) };
  });

  const settingsSchema = { response: replies(securitySettingsResponse) };
  app.get('/admin/security-settings', { config: { access: { admin: 'super' } }, schema: { operationId: 'getSecuritySettings', summary: "The site's security settings", ...settingsSchema } }, async () => ({ success: ok, ...(await mfa.readSettings(deps)) }));

  const writeSettings = { config: { access: { admin: 'super' as const }, directoryUnaffected: true as const }, schema: { operationId: 'updateSecuritySettings', summary: "Change the site's security settings", body: securitySettingsSchema, ...settingsSchema } };
  app.put('/admin/security-settings', writeSettings, async (request) => {
    const user = requireUser(request);
    return { success: ok, ...(await mfa.writeSettings(deps, user.id, request.body.require_admin_mfa)) };
  });

  // A super admin resets another admin's second factor (the id is the admin user's, as in /admin/users).
  const resetParams = z.object({ id: pathIdSchema('ADMIN_USER_NOT_FOUND') });
  const resetRoute = { config: { access: { admin: 'super' as const }, directoryUnaffected: true as const }, schema: { operationId: 'resetSecondFactor', summary: "Turn off an admin user's second factor", params: resetParams, response: replies(messageResponse) } };
  app.post('/admin/users/:id/mfa-reset', resetRoute, async (request) => {
    const user = requireUser(request);
    return { success: ok, ...(await mfa.resetByAdmin(deps, user.id, request.params.id)) };
  });

  /** An admin role, whether or not its rights are withheld until the second factor is set up. */
  function hasAdminRights(user: AuthUser) {
    return !!user.admin || !!user.mfaSetupRequired;
  }
}
