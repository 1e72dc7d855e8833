import type { ProfileUpdateResponse } from '@aesa/shared/profile';
import { api } from '@/lib/api-client.ts';

export interface ProfileInfoInput {
  name: string;
  email: string;
  phone_number?: string;
  /** Only when the e-mail changes: the server asks for it then. */
  current_password?: string;
  /** Only when changed (null clears). */
  current_level?: string | null;
  enrollment_year?: number | null;
}

/** PATCH /profile/me with the settings fields; `pending_email` is set when an e-mail change waits for its link. */
export const updateProfileInfo = (input: ProfileInfoInput) => api.patch<ProfileUpdateResponse>('/profile/me', input);
