import * as z from 'zod';
import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { SETUP_MSG } from '../setup.ts';
import { personalPasswordProblem } from '../password-rules.ts';
import { emailField, matricField, newPasswordField } from './auth.ts';
import { coded } from './coded.ts';

// The requests of the first-administrator screen: the link's token, and the account it creates.

const token = z.string({ error: SETUP_MSG.tokenMissing }).trim().min(1, { error: SETUP_MSG.tokenMissing }).max(200, coded('SETUP_LINK_INVALID'));

export const setupStatusQuerySchema = z.object({ token });

/** The fields a person fills in (the form also asks to confirm the password); the request adds the token. */
export const firstAdminFieldsSchema = z.object({
  name: z.string({ error: MSG.nameRequired }).trim().min(1, { error: MSG.nameRequired }).max(LIMITS.nameMax, { error: `Name must be at most ${LIMITS.nameMax} characters` }),
  email: emailField(),
  matric_number: matricField,
  password: newPasswordField,
});

export const firstAdminSchema = firstAdminFieldsSchema.extend({ token });

/** The form: the fields, and a confirmation that must equal the password. */
export const firstAdminFormSchema = firstAdminFieldsSchema.extend({ confirm_password: z.string() }).superRefine((v, ctx) => {
  // What the form knows of the new administrator; the server also checks the association's name.
  const personal = personalPasswordProblem(v.password, { name: v.name, email: v.email, matric_number: v.matric_number });
  if (personal) ctx.addIssue({ code: 'custom', message: personal, path: ['password'] });
  if (v.confirm_password !== v.password) ctx.addIssue({ code: 'custom', message: MSG.passwordsMismatch, path: ['confirm_password'] });
});

export type FirstAdminInput = z.infer<typeof firstAdminSchema>;
