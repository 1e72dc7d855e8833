import type { SessionUser } from '@aesa/shared/auth';

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
