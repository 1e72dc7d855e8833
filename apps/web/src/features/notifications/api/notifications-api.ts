import { ONE_CLICK_BODY, type NotificationChoices } from '@aesa/shared/notifications';
import type { NotificationChoicesResponse, UnsubscribeLinkResponse } from '@aesa/shared/schemas/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// A member's notification choices (Settings → Notifications) and the unsubscribe link's page.

export const notificationChoicesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['notification-choices', userId] as const,
    queryFn: async ({ signal }) => {
      const { announcements, event_updates, election_notices } = await api.get<NotificationChoicesResponse>('/profile/me/notifications', { signal });
      return { announcements, event_updates, election_notices } satisfies NotificationChoices;
    },
  });

/** PUT /profile/me/notifications with the one kind the member flipped (the others keep their value). */
export function useSetNotificationChoice(userId: string) {
  const queryClient = useQueryClient();
  const key = notificationChoicesQuery(userId).queryKey;
  return useMutation({
    mutationFn: (change: Partial<NotificationChoices>) => api.put<NotificationChoicesResponse & { message: string }>('/profile/me/notifications', change),
    onSuccess: ({ announcements, event_updates, election_notices }) => queryClient.setQueryData(key, { announcements, event_updates, election_notices }),
  });
}

const tokenQuery = (token: string) => ({ query: { token } });

export const unsubscribeLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe-link', token] as const,
    queryFn: ({ signal }) => api.get<UnsubscribeLinkResponse>('/unsubscribe/link', { ...tokenQuery(token), signal }),
    retry: false,
  });

/** The page's button sends what a mail client sends for one click (RFC 8058); its undo turns it on again. */
export const unsubscribeByLink = (token: string) =>
  api.post<UnsubscribeLinkResponse>('/unsubscribe', new URLSearchParams(ONE_CLICK_BODY), tokenQuery(token));
export const undoUnsubscribe = (token: string) => api.post<UnsubscribeLinkResponse>('/unsubscribe/undo', undefined, tokenQuery(token));
