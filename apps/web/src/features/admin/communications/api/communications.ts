import type { BulkEmailSendResponse, CommunicationsMember, CommunicationsMembersResponse, CommunicationsSendInput } from '@aesa/shared/admin';
import type { NewsletterSubscribersResponse } from '@aesa/shared/schemas/notifications';
import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Communications: the member list of the picker table and the send.

export const MEMBERS_PAGE = 100;

export interface MemberPage {
  members: CommunicationsMember[];
  total: number;
  offset: number;
}

/** GET /admin/communications/members?search=&level=&limit=&offset= → {members, total}. */
export async function getMailMembers(filters: { search: string; level: string }, offset: number, signal?: AbortSignal): Promise<MemberPage> {
  const { members, total } = await api.get<CommunicationsMembersResponse>('/admin/communications/members', {
    signal,
    query: { search: filters.search.trim() || undefined, level: filters.level || undefined, limit: MEMBERS_PAGE, offset },
  });
  return { members, total, offset };
}

export const mailMembersQueryOptions = (filters: { search: string; level: string }) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'communications', 'members', filters.search.trim(), filters.level] as const,
    queryFn: ({ pageParam, signal }) => getMailMembers(filters, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.members.length < last.total && last.members.length > 0 ? last.offset + last.members.length : undefined),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const useMailMembers = (filters: { search: string; level: string }) => useInfiniteQuery(mailMembersQueryOptions(filters));

/** POST /admin/communications/send → {success, recipients_count, bulk_email_id}; `dry_run` only counts the recipients. */
export const sendCommunication = (input: CommunicationsSendInput) => api.post<BulkEmailSendResponse>('/admin/communications/send', input);

/** GET /admin/newsletter/subscribers: how many confirmed subscribers the send can also go to. */
export const newsletterSubscribersQuery = queryOptions({
  queryKey: ['admin', 'newsletter', 'subscribers'] as const,
  queryFn: async ({ signal }) => (await api.get<NewsletterSubscribersResponse>('/admin/newsletter/subscribers', { signal })).confirmed,
});
