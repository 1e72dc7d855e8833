import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, forgotPasswordSchema, loginSchema, resetPasswordConfirmSchema, signupSchema } from '@aesa/shared/auth';
import { allowedNewPassword } from '../../lib/common-passwords.ts';
import { parseWith } from '../../lib/validate.ts';
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

export async function authRoutes(app: FastifyInstance) {
  const deps = { db: app.db, config: app.config };

  app.post('/auth/signup', { config: { access: 'public', rateLimit: mailLimit } }, async (request) => {
    const input = parseWith(signupSchema, request.body);
    return { success: true, ...(await auth.signup(deps, input)) };
  });

  app.post('/auth/token', { config: { access: 'public', rateLimit: loginLimit, directoryUnaffected: true } }, async (request) => {
    const input = parseWith(loginSchema, request.body);
    return { success: true, ...(await auth.login(deps, input)) };
  });

  app.get('/auth/me', { config: { access: 'member' } }, async (request) => {
    const user = requireUser(request);
    const row = await findUserWithAdminRole(app.db, user.id);
    return { success: true, user: toSessionUser(row!) };
  });

  app.post('/auth/logout', { config: { access: 'member', directoryUnaffected: true } }, async (request) => {
    await revokeSession(app.db, requireUser(request).sessionId, app.clock());
    return { success: true, message: 'Logged out' };
  });

  app.put('/auth/update', { config: { access: 'member', rateLimit: loginLimit } }, async (request) => {
    const user = requireUser(request);
    const input = parseWith(changePasswordRequest, request.body);
    return { success: true, ...(await auth.changePassword(deps, user.id, user.sessionId, input)) };
  });

  app.post('/auth/forgot-password', { config: { access: 'public', rateLimit: mailLimit } }, async (request) => {
    const { email } = parseWith(forgotPasswordSchema, request.body);
    return { success: true, ...auth.forgotPassword(deps, email, (err) => request.log.error({ err }, 'reset mail failed')) };
  });

  app.post('/auth/reset-password-confirm', { config: { access: 'public', rateLimit: loginLimit } }, async (request) => {
    const input = parseWith(resetPasswordConfirmRequest, request.body);
    return { success: true, ...(await auth.resetPasswordConfirm(deps, input)) };
  });
}
