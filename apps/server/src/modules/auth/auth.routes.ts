import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginOrChallengeResponse,
  loginSchema,
  meResponse,
  messageResponse,
  resetPasswordConfirmSchema,
  signupSchema,
} from '@aesa/shared/schemas/auth';
import { COME_BACK_TICKET_HEADER } from '@aesa/shared/auth';
import { replies } from '@aesa/shared/schemas/envelope';
import { allowedNewPassword } from '../../lib/common-passwords.ts';
import { requireUser } from '../../plugins/access.ts';
import { findUserWithAdminRole } from './session.queries.ts';
import { revokeSession } from './auth.queries.ts';
import { toSessionUser } from './session-user.ts';
import * as auth from './auth.service.ts';

const FIFTEEN_MINUTES = 15 * 60_000;
// Per client address; the per-account lockout lives in secret-attempts.ts (it holds across processes).
const loginLimit = { max: 100, timeWindow: FIFTEEN_MINUTES };
const mailLimit = { max: 10, timeWindow: FIFTEEN_MINUTES };
// A password being set also must not be a common one (a server-only list): refused before any work.
const changePasswordRequest = changePasswordSchema.extend({ new_password: allowedNewPassword });
const resetPasswordConfirmRequest = resetPasswordConfirmSchema.extend({ new_password: allowedNewPassword });

export interface AuthRoutesOptions {
  /** The second step of sign-in (modules/mfa, given by app.ts). */
  secondFactor: auth.SecondFactorStep;
}

export async function authRoutes(fastify: FastifyInstance, { secondFactor }: AuthRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, config: app.config };
  const ok = true as const;

  app.post('/auth/signup', { config: { access: 'public', rateLimit: mailLimit }, schema: { operationId: 'signUp', summary: 'Register a new member account', body: signupSchema, response: replies(messageResponse) } }, async (request) => {
    return { success: ok, ...(await auth.signup(deps, request.body)) };
  });

  const tokenRoute = { config: { access: 'public' as const, rateLimit: loginLimit, directoryUnaffected: true as const }, schema: { operationId: 'signIn', summary: 'Sign in with e-mail and password', body: loginSchema, response: replies(loginOrChallengeResponse) } };
  app.post('/auth/token', tokenRoute, async (request) => {
    // On the sign-in's own connections: a storm of sign-ins does not queue ahead of votes and pages.
    // A member turned away by a busy server sends back the moment it was told (decision 089).
    const ticket = request.headers[COME_BACK_TICKET_HEADER.toLowerCase()];
    return { success: ok, ...(await auth.login({ ...deps, db: app.signInDb, secondFactor }, request.body, typeof ticket === 'string' ? ticket : undefined)) };
  });

  app.get('/auth/me', { config: { access: 'member' }, schema: { operationId: 'getCurrentUser', summary: "The signed-in member's account", response: replies(meResponse) } }, async (request) => {
    const user = requireUser(request);
    const row = await findUserWithAdminRole(app.db, user.id);
    return { success: ok, user: toSessionUser(row!) };
  });

  const logoutRoute = { config: { access: 'member' as const, directoryUnaffected: true as const }, schema: { operationId: 'signOut', summary: 'End the current session', response: replies(messageResponse) } };
  app.post('/auth/logout', logoutRoute, async (request) => {
    await revokeSession(app.db, requireUser(request).sessionId, app.clock());
    return { success: ok, message: 'Logged out' };
  });

  app.put('/auth/update', { config: { access: 'member', rateLimit: loginLimit }, schema: { operationId: 'changePassword', summary: "Change the signed-in member's password", body: changePasswordRequest, response: replies(messageResponse) } }, async (request) => {
    const user = requireUser(request);
    return { success: ok, ...(await auth.changePassword(deps, user.id, user.sessionId, request.body)) };
  });

  app.post('/auth/forgot-password', { config: { access: 'public', rateLimit: mailLimit }, schema: { operationId: 'requestPasswordReset', summary: 'Send a password reset link', body: forgotPasswordSchema, response: replies(messageResponse) } }, async (request) => {
    return { success: ok, ...auth.forgotPassword(deps, request.body.email, (err) => request.log.error({ err }, 'reset mail failed')) };
  });

  const resetRoute = { config: { access: 'public' as const, rateLimit: loginLimit }, schema: { operationId: 'resetPassword', summary: 'Set a new password with a reset link', body: resetPasswordConfirmRequest, response: replies(messageResponse) } };
  app.post('/auth/reset-password-confirm', resetRoute, async (request) => {
    return { success: ok, ...(await auth.resetPasswordConfirm(deps, request.body)) };
  });
}
