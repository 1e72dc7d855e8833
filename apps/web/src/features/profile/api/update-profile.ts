import type { OwnProfile, ProfileUpdateInput } from '@aesa/shared/profile';
import { api } from '@/lib/api-client.ts';

/** PATCH /profile/me: {bio} from the bio editor, {name, email, phone_number} from contact info. */
export const updateProfile = (input: Partial<Record<keyof ProfileUpdateInput, string | null>>) =>
  api.patch<{ success: boolean; message?: string; error?: string; profile?: OwnProfile; pending_email?: string }>('/profile/me', input);
