import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../lib/passwords.ts';
import { ensureSuperAdmin } from '../../modules/admin/super-admin.ts';
import { seedMembers } from './members.ts';
import { seedElections } from './elections.ts';
import { seedAdminDemo } from './admin.ts';
import { seedFinanceDemo } from './finance.ts';
import { DEMO_ADMIN_ACCOUNT, type DemoLogins, demoLoginLines, demoSeedWanted, describeDemoLogins, markDemoAdmin, markDemoMembers, newDemoPassword } from './demo-logins.ts';

/**
 * Demo data for a newcomer's first start: only on an empty database (no users yet), so a
 * restart never duplicates it and real data is never touched. The demo passwords are new random
 * ones, printed here once and stored only hashed; later starts say where the logins come from.
 * Answers the logins when it seeded, else null.
 */
export async function seedDemo(app: FastifyInstance, log: (m: string) => void): Promise<DemoLogins | null> {
  if (!(await demoSeedWanted(app.db, log))) return null;
  const adminPassword = newDemoPassword();
  const memberPassword = newDemoPassword();
  const memberPasswordHash = await hashPassword(memberPassword); // one hash for every demo member
  // With a verified member role: the demo admin can vote.
  const { userId: adminId } = await ensureSuperAdmin(app.db, { ...DEMO_ADMIN_ACCOUNT, password: adminPassword });
  // Marked at once: if the seed stops half-way, `npm run demo-logins` can still reach the admin.
  await markDemoAdmin(app.db, adminId);
  await seedMembers(app, memberPasswordHash, log);
  // After the members seed: it uses verified demo members as candidates and voters (and makes
  // its own if there are too few).
  await seedElections(app.db, app.clock, memberPasswordHash, log);
  await seedAdminDemo(app);
  await seedFinanceDemo(app, adminId);
  await markDemoMembers(app.db, memberPasswordHash);
  log('  Seeded demo data.');
  const logins = await describeDemoLogins(app.db, adminPassword, memberPassword);
  for (const line of demoLoginLines(logins)) log(line);
  return logins;
}
