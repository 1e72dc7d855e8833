import type { ProfileUpdateInput, ProfileUpdateResponse } from '@aesa/shared/profile';
import { api } from '@/lib/api-client.ts';

/** PATCH /profile/me: {bio} from the bio editor, {name, email, phone_number} from contact info. */
export const updateProfile = (input: Partial<Record<keyof ProfileUpdateInput, string | null>>) =>
  api.patch<ProfileUpdateResponse>('/profile/me', input);
