import type { NewsletterInput, NewsletterResponse } from '@aesa/shared/members';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// POST /newsletter (the server stores the address once; a repeat sign-up answers the same).

// A refusal arrives as a failed call (the API client throws it with the server's message).
export const subscribeToNewsletter = (email: string) => api.post<NewsletterResponse>('/newsletter', { email } satisfies NewsletterInput);

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
