// npm run create-admin -- --email E --matric M --password P [--name N]
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { emailField, matricField } from '@aesa/shared/schemas/auth';
import { firstIssueMessage } from '@aesa/shared/api';
import { loadConfig } from '../config.ts';
import { allowedNewPassword } from '../lib/common-passwords.ts';
import { openDatabaseForCli } from '../db/open.ts';
import { ensureSuperAdmin } from '../modules/admin/super-admin.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, matric: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const parsed = z.object({ email: emailField(), matric: matricField, password: allowedNewPassword, name: z.string().trim().min(1).max(120).optional() }).safeParse(values);
if (!parsed.success) {
  console.error(`create-admin: ${firstIssueMessage(parsed.error)}\nUsage: npm run create-admin -- --email E --matric M --password P [--name N]`);
  process.exit(2);
}
const database = await openDatabaseForCli(loadConfig());
try {
  const { created } = await ensureSuperAdmin(database.db, parsed.data);
  console.log(`${created ? 'Created' : 'Promoted'} super admin ${parsed.data.email} (matric ${parsed.data.matric}).`);
} finally {
  await database.close();
}
