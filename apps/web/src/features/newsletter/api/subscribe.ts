import type { NewsletterInput, NewsletterResponse } from '@aesa/shared/members';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// POST /newsletter (the server stores the address once; a repeat sign-up answers the same).

// The footer is on every page: importing a value from @aesa/shared/members would bring zod into
// every page's first download. The server's own thanks (MEMBERS_MSG.newsletterThanks) is shown
// when it sends one; this is the same words for an answer without a message.
export const NEWSLETTER_THANKS = 'Thank you for subscribing!';

// The server answers NewsletterResponse; a proxy or an older server might answer {success: false, error}.
type Answer = Omit<Partial<NewsletterResponse>, 'success'> & { success?: boolean; error?: string };

export const subscribeToNewsletter = (email: string) => api.post<Answer>('/newsletter', { email } satisfies NewsletterInput);

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
