import type { AuditLogResponse } from '@aesa/shared/schemas/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

export interface AuditFilters {
  actor: string;
  action: string;
  outcome: '' | 'ok' | 'denied' | 'failed';
  /** ISO instants (the day pickers' start and end), or '' for none. */
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 20;

/** GET /api/admin/audit-log (super admin): newest first, filtered, one page. */
export const getAuditLog = (filters: AuditFilters, offset: number, signal?: AbortSignal) =>
  api.get<AuditLogResponse>('/admin/audit-log', {
    signal,
    query: {
      actor: filters.actor.trim() || undefined,
      action: filters.action.trim() || undefined,
      outcome: filters.outcome || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      limit: AUDIT_PAGE_SIZE,
      offset,
    },
  });

export const auditLogQueryOptions = (filters: AuditFilters, offset: number) =>
  queryOptions({
    queryKey: ['admin', 'audit-log', filters, offset],
    queryFn: ({ signal }) => getAuditLog(filters, offset, signal),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (filters: AuditFilters, offset: number) => useQuery(auditLogQueryOptions(filters, offset));
