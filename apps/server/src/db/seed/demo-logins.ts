import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { demoAccounts, oneTimeTokens, sessions, users } from '../schema.ts';
import { hashPassword } from '../../lib/passwords.ts';

// The demo accounts' passwords are random per installation: printed once (at the start that
// seeds, or by `npm run demo-logins`), stored only as argon2 hashes. The demo super admin has its
// own password; every demo member shares one, so that any member of the directory can be tried.

/** The demo super admin's account (its password is never fixed). */
export const DEMO_ADMIN_ACCOUNT = { email: 'admin@aesa.local', matric: 'ADMIN001', name: 'Demo Super Admin' } as const;

// Letters and digits without the look-alikes (0/o, 1/l/i): easy to read off a console and type.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 5;
const GROUP_LENGTH = 4;

/** 20 random characters of 31 (about 99 bits) in groups of four: "k7tm-9qxw-r2hp-vd4c-ne8f". */
export function newDemoPassword(): string {
  return Array.from({ length: GROUPS }, () => Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join('-');
}

export interface DemoLogins {
  /** Null when the demo super admin's account is gone. */
  admin: { matric: string; password: string } | null;
  member: { exampleMatric: string | null; password: string; count: number };
}

export const DEMO_LOGINS_HINT = 'Demo logins were printed at the first start; `npm run demo-logins` prints new ones.';

/** The lines that show the demo logins on the operator's console. */
export function demoLoginLines(logins: DemoLogins): string[] {
  const lines = ['  Demo logins (shown only now; `npm run demo-logins` prints new ones):'];
  if (logins.admin) lines.push(`    super admin: matric ${logins.admin.matric}, password ${logins.admin.password}`);
  const example = logins.member.exampleMatric ? ` (e.g. ${logins.member.exampleMatric})` : '';
  lines.push(`    ${logins.member.count} members: any matric number from /members${example}, password ${logins.member.password}`);
  return lines;
}

/** Records the demo super admin as a demo account. */
export async function markDemoAdmin(db: Db, adminId: string) {
  await db.insert(demoAccounts).values({ user_id: adminId, kind: 'admin' }).onConflictDoNothing();
}

/** Records every account with the demo members' hash (a fresh salt per installation: only the seed's). */
export async function markDemoMembers(db: Db, memberPasswordHash: string) {
  await db.execute(sql`
    insert into demo_accounts (user_id, kind)
    select id, 'member' from users where password_hash = ${memberPasswordHash}
    on conflict do nothing`);
}

export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: demoAccounts.user_id }).from(demoAccounts).limit(1);
  return !!row;
}

/**
 * Whether the demo seed should run: only on a database with no users yet, so that a restart
 * never duplicates it and real data is never touched. When it should not, says where the demo
 * logins come from (if there are any).
 */
export async function demoSeedWanted(db: Db, log: (m: string) => void): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  if (!user) return true;
  if (await hasDemoAccounts(db)) log(`  ${DEMO_LOGINS_HINT}`);
  return false;
}

/** The logins as they stand, given the passwords just set: the admin's matric, a member's for the example. */
export async function describeDemoLogins(db: Db, adminPassword: string, memberPassword: string): Promise<DemoLogins> {
  const rows = await db
    .select({ kind: demoAccounts.kind, matric: users.matric_number })
    .from(demoAccounts)
    .innerJoin(users, eq(users.id, demoAccounts.user_id))
    .orderBy(asc(users.matric_number));
  const admin = rows.find((r) => r.kind === 'admin');
  const members = rows.filter((r) => r.kind === 'member');
  return {
    admin: admin ? { matric: admin.matric, password: adminPassword } : null,
    member: { exampleMatric: members[0]?.matric ?? null, password: memberPassword, count: members.length },
  };
}

export class NoDemoAccountsError extends Error {
  constructor() {
    super('This database has no demo accounts (the demo data was never seeded here): nothing to reset.');
  }
}

/**
 * New random passwords for the demo accounts, and only them: every session and unused password
 * link of those accounts ends, so whoever knew the old passwords is out.
 */
export async function resetDemoLogins(db: Db, now: Date): Promise<DemoLogins> {
  const adminPassword = newDemoPassword();
  const memberPassword = newDemoPassword();
  const [adminHash, memberHash] = await Promise.all([hashPassword(adminPassword), hashPassword(memberPassword)]);
  await db.transaction(async (tx) => {
    const accounts = await tx.select({ id: demoAccounts.user_id, kind: demoAccounts.kind }).from(demoAccounts).for('update');
    if (accounts.length === 0) throw new NoDemoAccountsError();
    const ids = accounts.map((a) => a.id);
    const adminIds = accounts.filter((a) => a.kind === 'admin').map((a) => a.id);
    const memberIds = accounts.filter((a) => a.kind !== 'admin').map((a) => a.id);
    if (adminIds.length) await tx.update(users).set({ password_hash: adminHash, password_changed_at: now, updated_at: now }).where(inArray(users.id, adminIds));
    if (memberIds.length) await tx.update(users).set({ password_hash: memberHash, password_changed_at: now, updated_at: now }).where(inArray(users.id, memberIds));
    await tx.update(sessions).set({ revoked_at: now }).where(and(inArray(sessions.user_id, ids), isNull(sessions.revoked_at)));
    await tx.update(oneTimeTokens).set({ used_at: now }).where(and(inArray(oneTimeTokens.user_id, ids), isNull(oneTimeTokens.used_at)));
  });
  return describeDemoLogins(db, adminPassword, memberPassword);
}
