import type { ProfileUpdateInput, ProfileUpdateResponse } from '@aesa/shared/profile';
import { api } from '@/lib/api-client.ts';

/**
 * PATCH /profile/me: {bio} from the bio editor, {name, email, phone_number, show_email, show_phone}
 * from contact info, {name, current_level, enrollment_year} from "Complete your profile".
 */
export const updateProfile = (input: Partial<Record<keyof ProfileUpdateInput, string | number | boolean | null>>) =>
  api.patch<ProfileUpdateResponse>('/profile/me', input);
