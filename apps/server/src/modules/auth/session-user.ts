import type { AdminFlag } from '@aesa/shared/constants';
import type { SessionUser } from '@aesa/shared/auth';
import type { SessionUserRow } from './session.queries.ts';

export type AdminFlags = Record<AdminFlag, boolean>;

/** The request's signed-in member, as the access plugin attaches it. */
export interface AuthUser {
  id: string;
  sessionId: string;
  row: SessionUserRow;
  /** Null when the member holds no admin role. */
  admin: AdminFlags | null;
  /** An admin whose rights are withheld until they set up the required second factor (admin is null then). */
  mfaSetupRequired?: boolean;
}

export function adminFlagsOf(row: SessionUserRow): AdminFlags | null {
  if (row.admin_role == null) return null;
  return {
    is_super_admin: !!row.is_super_admin,
    is_editorial_admin: !!row.is_editorial_admin,
    is_data_admin: !!row.is_data_admin,
    is_electoral_admin: !!row.is_electoral_admin,
    is_event_admin: !!row.is_event_admin,
    is_email_admin: !!row.is_email_admin,
    is_finance_admin: !!row.is_finance_admin,
  };
}

/** The user object the client keeps in its session. */
export function toSessionUser(row: SessionUserRow): SessionUser {
  const admin = adminFlagsOf(row);
  const adminType = admin ? (admin.is_super_admin ? 'super_admin' : 'admin') : null;
  const roles = [row.user_type];
  if (adminType) roles.push(adminType === 'super_admin' ? 'super_admin' : 'admin');
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    profile_image_url: row.profile_image_url,
    avatar: row.profile_image_url,
    matric_number: row.matric_number,
    app_metadata: { roles },
    admin_type: adminType,
    admin_role: row.admin_role ?? null,
  };
}
