import type { MessageResponse } from '@aesa/shared/auth';
import { api } from '@/lib/api-client.ts';

/** PUT /auth/update: the password change (the settings tab and the own profile). */
export const changePassword = (input: { current_password: string; new_password: string }) => api.put<MessageResponse>('/auth/update', input);
