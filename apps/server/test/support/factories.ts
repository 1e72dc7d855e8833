import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { academicSessions, adminRoles, adminUsers, memberRoles, payments, users, type PaymentStatus } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { AdminFlag } from '@aesa/shared/constants';

export const PASSWORD = 'correct-horse-1';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface MemberOverrides {
  name?: string;
  email?: string;
  matric_number?: string;
  password?: string;
  verified?: boolean;
  current_level?: string;
  enrollment_year?: number;
  user_type?: string;
}

/** A member with a password and a member role, straight in the database (no mail round trip). */
export async function createMember(app: FastifyInstance, o: MemberOverrides = {}) {
  const id = unique();
  const [user] = await app.db
    .insert(users)
    .values({
      name: o.name ?? `Member ${id}`,
      email: o.email ?? `m${id}@example.test`,
      matric_number: o.matric_number ?? `T${id}`.toUpperCase(),
      password_hash: await hashPassword(o.password ?? PASSWORD),
      email_verified_at: new Date(),
      current_level: o.current_level ?? '300 Level',
      enrollment_year: o.enrollment_year ?? 2022,
      user_type: o.user_type ?? 'member',
    })
    .returning();
  await app.db.insert(memberRoles).values({ user_id: user!.id, role_name: 'Members', role_type: 'member', verified_by_admin: o.verified ?? true });
  return user!;
}

export async function login(app: FastifyInstance, matric: string, password = PASSWORD): Promise<string> {
  // Each factory login comes from its own address, so tests that exhaust a rate limit do not block it.
  const remoteAddress = `10.${counter % 250}.${(counter++ >> 8) % 250}.${randomBytes(1)[0]! % 250}`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/token', remoteAddress, payload: { matric_number: matric, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/** A signed-in member: its row, its token and the Authorization header. */
export async function signedInMember(app: FastifyInstance, o: MemberOverrides = {}) {
  const user = await createMember(app, o);
  const token = await login(app, user.matric_number, o.password);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** A signed-in admin whose role holds exactly the given flags. */
export async function signedInAdmin(app: FastifyInstance, flags: AdminFlag[], o: MemberOverrides = {}) {
  const member = await signedInMember(app, o);
  const [role] = await app.db
    .insert(adminRoles)
    .values({ role_name: `Role ${unique()}`, ...Object.fromEntries(flags.map((f) => [f, true])) })
    .returning();
  await app.db.insert(adminUsers).values({ user_id: member.user.id, admin_role_id: role!.id });
  return { ...member, role: role! };
}

export async function userRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** An academic session straight in the database ("2026-2027" by default: starts 1 September). */
export async function createSession(app: FastifyInstance, o: Partial<typeof academicSessions.$inferInsert> = {}) {
  const year = o.year ?? '2026-2027';
  const first = Number(year.slice(0, 4));
  const [row] = await app.db
    .insert(academicSessions)
    .values({ year, starts_on: `${first}-09-01`, ends_on: `${first + 1}-08-31`, dues_amount: 5000, ...o })
    .returning();
  return row!;
}

/** A payment of a member's dues for a session, in the given status, straight in the database. */
export async function createPayment(app: FastifyInstance, o: { user_id: string; session_id: string; status?: PaymentStatus; amount?: number }) {
  const [row] = await app.db
    .insert(payments)
    .values({ user_id: o.user_id, session_id: o.session_id, amount: o.amount ?? 5000, method: 'cash', status: o.status ?? 'approved', decided_at: o.status === 'pending' ? null : new Date() })
    .returning();
  return row!;
}
