import type { AdminFlags, PickerUser } from '@aesa/shared/admin';
import type { SessionUser } from '@aesa/shared/auth';
import { ADMIN_FLAGS, type Position } from '@aesa/shared/constants';
import type { ActiveCandidate } from '@/lib/elections.ts';

/** A signed-in user as the server returns it, for tests; override what the test is about. */
export function sessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    phone_number: null,
    profile_image_url: null,
    avatar: null,
    matric_number: 'AE/20/001',
    app_metadata: { roles: ['member'] },
    admin_type: null,
    admin_role: null,
    ...overrides,
  };
}

/** The seven admin flags, all off unless the test turns some on. */
export function adminFlags(on: Partial<AdminFlags> = {}): AdminFlags {
  return { ...(Object.fromEntries(ADMIN_FLAGS.map((flag) => [flag, false])) as AdminFlags), ...on };
}

/** Member `n` as the user picker lists it: a distinct id, name, e-mail and matric number per `n`. */
export function pickerUser(n: number, overrides: Partial<PickerUser> = {}): PickerUser {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Member ${n}`,
    email: `m${n}@example.com`,
    matric_number: `AE/${n}`,
    current_level: '300 Level',
    enrollment_year: 2022,
    version: 1,
    user_skills: [],
    profile_image_url: null,
    ...overrides,
  };
}

/** A candidate on the ballot as the server returns it; `name` is the candidate's own (users.name). */
export function activeCandidate(id: string, position: Position, { name = `Name ${id}`, ...overrides }: Partial<ActiveCandidate> & { name?: string } = {}): ActiveCandidate {
  return {
    id,
    user_id: `u-${id}`,
    position,
    manifesto: null,
    candidate_image_url: null,
    users: { name, profile_image_url: null, bio: null },
    ...overrides,
  };
}
