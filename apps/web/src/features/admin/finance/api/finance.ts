import type { AdminPaymentsResponse, PaymentDecisionResponse, SessionsResponse } from '@aesa/shared/finance';
import type { PaymentMethod, PaymentStatus } from '@aesa/shared/finance';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// Finance: GET|POST|PATCH /admin/sessions; GET /admin/payments?session=&status=,
// POST /admin/payments (cash), POST /admin/payments/{id}/approve|reject|void with the version.

export const financeKeys = {
  all: ['admin', 'finance'] as const,
  sessions: () => [...financeKeys.all, 'sessions'] as const,
  payments: (session: string, status: string) => [...financeKeys.all, 'payments', session, status] as const,
};

export const useSessions = () =>
  useQuery({ queryKey: financeKeys.sessions(), queryFn: ({ signal }) => api.get<SessionsResponse>('/admin/sessions', { signal }), retry: false });

export const usePayments = (session: string, status: PaymentStatus | '') =>
  useQuery({
    queryKey: financeKeys.payments(session, status),
    queryFn: ({ signal }) => api.get<AdminPaymentsResponse>('/admin/payments', { signal, query: { session: session || undefined, status: status || undefined } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

export type SessionBody = Record<string, unknown>;
export const createSession = (body: SessionBody) => api.post<{ message: string }>('/admin/sessions', body);
export const updateSession = (id: string, body: SessionBody) => api.patch<{ message: string }>(`/admin/sessions/${encodeURIComponent(id)}`, body);

export type Decision =
  | { kind: 'approve'; id: string; version: number; amount: number; method: PaymentMethod; reference: string | null }
  | { kind: 'reject' | 'void'; id: string; version: number; reason: string };

export function decide(d: Decision) {
  const { kind, id, ...body } = d;
  return api.post<PaymentDecisionResponse>(`/admin/payments/${encodeURIComponent(id)}/${kind}`, body);
}

export const recordPayment = (body: { user_id: string; amount: number; method: PaymentMethod; reference: string | null }) =>
  api.post<PaymentDecisionResponse>('/admin/payments', body);

/** A finance write: sessions and payments are loaded again when it settles, failed or not (a 409 shows the other change). */
export function useFinanceMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: financeKeys.all }) });
}
