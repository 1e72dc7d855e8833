import { api } from '@/lib/api-client.ts';

export interface ProfileInfoInput {
  name: string;
  email: string;
  phone_number?: string;
  /** Only when the e-mail changes: the server asks for it then. */
  current_password?: string;
}

export interface SettingsResponse {
  success: boolean;
  message?: string;
  error?: string;
  /** Set when an e-mail change waits for the link sent to this address. */
  pending_email?: string;
}

/** PATCH /profile/me with the settings fields (spec 01 §7). */
export const updateProfileInfo = (input: ProfileInfoInput) => api.patch<SettingsResponse>('/profile/me', input);

/** PUT /auth/update: the password change. */
export const changePassword = (input: { current_password: string; new_password: string }) =>
  api.put<SettingsResponse>('/auth/update', input);
