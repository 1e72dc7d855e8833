import type { NewsletterInput, NewsletterResponse } from '@aesa/shared/members';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// POST /newsletter (the server stores the address once and mails it a confirmation link; every sign-up answers the same).

// A refusal arrives as a failed call (the API client throws it with the server's message).
export const subscribeToNewsletter = (email: string) => api.post<NewsletterResponse>('/newsletter', { email } satisfies NewsletterInput);

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}

/** POST /newsletter/confirm with the e-mailed link's token. */
export const confirmNewsletter = (token: string) => api.post<{ success: true; message: string }>('/newsletter/confirm', { token });
