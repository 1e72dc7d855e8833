import type { BulkEmailSendResponse, CommunicationsMember, CommunicationsMembersResponse } from '@aesa/shared/admin';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkEmailKeys } from '@/components/bulk-email-status/api.ts';
import { api } from '@/lib/api-client.ts';
import type { CommunicationGroup } from '../lib/communications-form.ts';

// Communications (spec 02 §2.8, §7): the member list of the picker table and the send.

export const MEMBERS_PAGE = 100;

export interface MemberPage {
  members: CommunicationsMember[];
  total: number;
  offset: number;
}

/** GET /admin/communications/members?search=&level=&limit=&offset= (read as data, members or an array). */
export async function getMailMembers(filters: { search: string; level: string }, offset: number, signal?: AbortSignal): Promise<MemberPage> {
  const body = await api.get<CommunicationsMembersResponse | CommunicationsMember[]>('/admin/communications/members', {
    signal,
    query: { search: filters.search.trim() || undefined, level: filters.level || undefined, limit: MEMBERS_PAGE, offset },
  });
  if (Array.isArray(body)) return { members: body, total: body.length, offset };
  const record = body as { members?: unknown; data?: unknown; total?: unknown } | undefined;
  const list = record?.members ?? record?.data;
  const members = Array.isArray(list) ? (list as CommunicationsMember[]) : [];
  return { members, total: typeof record?.total === 'number' ? record.total : members.length, offset };
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

/** The screen sends by role or to chosen members; `dry_run` only counts the recipients. */
export type CommunicationSendBody = { subject: string; body: string; dry_run?: boolean } & (
  | { recipient_groups: CommunicationGroup[] }
  | { recipient_user_ids: string[] }
);

/** POST /admin/communications/send → {success, recipients_count, bulk_email_id}. */
export const sendCommunication = (input: CommunicationSendBody) => api.post<BulkEmailSendResponse>('/admin/communications/send', input);

export function useSendCommunication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendCommunication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bulkEmailKeys.all }),
  });
}
