import { z } from 'zod';
import { emailField, matricField, newPasswordField } from './auth.ts';
import { LIMITS } from './constants.ts';
import { MSG } from './messages.ts';

// The "Create the first administrator" screen: it opens from the one-time link the server prints
// on its console while the database has no super admin, and creates that super admin.

export const SETUP_MSG = {
  title: 'Create the first administrator',
  tokenMissing: 'This page needs the setup link that the server prints on its console when it starts without an administrator.',
  tokenInvalid: 'This setup link is invalid, used or expired. Restart the server: while there is no administrator, it prints a new link at every start.',
  adminExists: 'An administrator already exists. Please log in.',
  created: 'The administrator account is created. You can now log in.',
  failed: 'The administrator account could not be created. Please try again.',
} as const;

const token = z.string({ error: SETUP_MSG.tokenMissing }).trim().min(1, { error: SETUP_MSG.tokenMissing }).max(200, { error: SETUP_MSG.tokenInvalid });

export const setupStatusQuerySchema = z.object({ token });

/** The fields a person fills in (the form also asks to confirm the password); the request adds the token. */
export const firstAdminFieldsSchema = z.object({
  name: z.string({ error: MSG.nameRequired }).trim().min(1, { error: MSG.nameRequired }).max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters` }),
  email: emailField(),
  matric_number: matricField,
  password: newPasswordField,
});

export const firstAdminSchema = firstAdminFieldsSchema.extend({ token });

export type FirstAdminInput = z.infer<typeof firstAdminSchema>;

export interface SetupStatusResponse {
  success: true;
  /** True while the link is unused, unexpired, and the site still has no super admin. */
  valid: boolean;
}
