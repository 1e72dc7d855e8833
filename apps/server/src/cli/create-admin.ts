// npm run create-admin -- --email E --matric M --password P [--name N] [--reset-second-factor]
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailField, matricField } from '@aesa/shared/schemas/auth';
import { firstIssueMessage } from '@aesa/shared/api';
import { personalPasswordProblem } from '@aesa/shared/password-rules';
import { loadConfig } from '../config.ts';
import { allowedNewPassword } from '../lib/common-passwords.ts';
import { openDatabaseForCli } from '../db/open.ts';
import { ensureSuperAdmin } from '../modules/admin/super-admin.ts';
import { hasConfirmedTotp } from '../modules/mfa/mfa.queries.ts';
import { resetSecondFactor } from '../modules/mfa/mfa.service.ts';

const USAGE = 'Usage: npm run create-admin -- --email E --matric M --password P [--name N] [--reset-second-factor]';
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    matric: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    'reset-second-factor': { type: 'boolean', default: false },
  },
});
const args = { email: values.email, matric: values.matric, password: values.password, name: values.name };
const parsed = z.object({ email: emailField(), matric: matricField, password: allowedNewPassword, name: z.string().trim().min(1).max(120).optional() }).safeParse(args);
if (!parsed.success) {
  console.error(`create-admin: ${firstIssueMessage(parsed.error)}\n${USAGE}`);
  process.exit(2);
}
const input = parsed.data;
const config = loadConfig();
// The same rules as every password that is set: not the administrator's own details.
const problem = personalPasswordProblem(input.password, { email: input.email, matric_number: input.matric, name: input.name, associationName: config.associationName });
if (problem) {
  console.error(`create-admin: ${problem}\n${USAGE}`);
  process.exit(2);
}
const database = await openDatabaseForCli(config);
try {
  const { created, userId } = await ensureSuperAdmin(database.db, input);
  console.log(`${created ? 'Created' : 'Promoted'} super admin ${input.email} (matric ${input.matric}).`);
  // The way back for a super admin who lost their second factor (another super admin can reset
  // anyone else's on the Super Admin screen, but nobody their own).
  if (await hasConfirmedTotp(database.db, userId)) {
    if (values['reset-second-factor']) {
      await resetSecondFactor({ db: database.db, config }, userId, "the server's operator");
      console.log('Two-factor authentication reset: its sessions have ended and the owner is told by e-mail. They set it up again in Settings.');
    } else {
      console.log('This account has two-factor authentication on; add --reset-second-factor to reset it (lost phone and recovery codes).');
    }
  } else if (values['reset-second-factor']) {
    console.log('This account has no two-factor authentication on: nothing to reset.');
  }
} finally {
  await database.close();
}
