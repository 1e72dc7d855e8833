import type { BulkEmailListItem, BulkEmailsResponse } from '@aesa/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// The delivery state of bulk e-mails (GET /admin/bulk-emails: email admins and super admins).
// A send only queues; the server's mail worker delivers, so the screens poll while mail waits.

export const bulkEmailKeys = { all: ['admin', 'bulk-emails'] as const };

export const POLL_MS = 3000;

/** Messages of a send that are not delivered or failed yet. */
export const waiting = (item: BulkEmailListItem) => item.delivery.pending + item.delivery.sending;

export async function getBulkEmails(limit: number, signal?: AbortSignal): Promise<BulkEmailListItem[]> {
  const body = await api.get<BulkEmailsResponse>('/admin/bulk-emails', { signal, query: { limit, offset: 0 } });
  return Array.isArray(body?.bulk_emails) ? body.bulk_emails : [];
}

export const bulkEmailsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...bulkEmailKeys.all, limit] as const,
    queryFn: ({ signal }) => getBulkEmails(limit, signal),
    retry: false,
    // Every few seconds while some mail still waits for the worker; then it stops.
    refetchInterval: (query) => (query.state.data?.some((item) => waiting(item) > 0) ? POLL_MS : false),
  });

export const useBulkEmails = (limit = 5) => useQuery(bulkEmailsQueryOptions(limit));
