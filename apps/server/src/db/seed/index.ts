import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ensureSuperAdmin } from '../../modules/admin/super-admin.ts';
import { DEMO_MEMBER_PASSWORD, seedMembers } from './members.ts';
import { seedElections } from './elections.ts';
import { seedAdminDemo } from './admin.ts';

export const DEMO_ADMIN = { email: 'admin@aesa.local', matric: 'ADMIN001', password: 'aesa-demo-admin', name: 'Demo Super Admin' };

/**
 * Demo data for a newcomer's first start: only on an empty database (no users yet), so a
 * restart never duplicates it and real data is never touched.
 */
export async function seedDemo(app: FastifyInstance, log: (m: string) => void) {
  const { rows } = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  if (rows[0]!.n === 0) {
    await ensureSuperAdmin(app.db, DEMO_ADMIN); // with a verified member role: the demo admin can vote
    await seedMembers(app, log);
    // After the members seed: it uses verified demo members as candidates and voters (and makes
    // its own if there are too few).
    await seedElections(app.db, app.clock, log);
    await seedAdminDemo(app);
    log('  Seeded demo data.');
  }
  log(`  Demo super admin: matric ${DEMO_ADMIN.matric}, password ${DEMO_ADMIN.password} (unless changed)`);
  log(`  Demo members: any matric number from /members (e.g. AEE/18/1000), password ${DEMO_MEMBER_PASSWORD}`);
}
