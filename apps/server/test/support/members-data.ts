import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { memberRoles, users, userSkills } from '../../src/db/schema.ts';

/** Test rows for the directory and profiles: inserted straight, without hashing a real password. */
export interface DirectoryRow {
  name: string;
  matric_number?: string;
  current_level?: string | null;
  enrollment_year?: number | null;
  /** False: the account was created but its owner never set a password. */
  activated?: boolean;
  roles?: { role_name: string; is_current?: boolean }[];
  skills?: string[];
  email?: string;
  phone_number?: string;
}

export async function insertDirectoryMembers(app: FastifyInstance, rows: DirectoryRow[]) {
  const created = await app.db
    .insert(users)
    .values(
      rows.map((r) => {
        const tag = randomBytes(5).toString('hex');
        return {
          name: r.name,
          email: r.email ?? `d${tag}@example.test`,
          matric_number: r.matric_number ?? `X${tag}`.toUpperCase(),
          password_hash: r.activated === false ? null : '$argon2id$not-a-real-hash',
          current_level: r.current_level === undefined ? '200 Level' : r.current_level,
          enrollment_year: r.enrollment_year === undefined ? 2021 : r.enrollment_year,
          phone_number: r.phone_number ?? '+2348031234567',
        };
      }),
    )
    .returning();
  const roles = rows.flatMap((r, i) => (r.roles ?? []).map((role) => ({ user_id: created[i]!.id, role_name: role.role_name, is_current: role.is_current ?? true, verified_by_admin: true })));
  if (roles.length) await app.db.insert(memberRoles).values(roles);
  const skills = rows.flatMap((r, i) => (r.skills ?? []).map((skill_name) => ({ user_id: created[i]!.id, skill_name })));
  if (skills.length) await app.db.insert(userSkills).values(skills);
  return created;
}

/** Every key anywhere in a JSON value (to prove a field never appears, at any depth). */
export function allKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, keys);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      allKeys(v, keys);
    }
  }
  return keys;
}

export const SECRET_KEYS = ['password_hash', 'password', 'email', 'phone_number', 'token', 'token_hash', 'email_verified_at'];
