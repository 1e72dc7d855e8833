import type { MembershipResponse, ReceiptResponse } from '@aesa/shared/finance';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// The member's own membership: GET /membership/me, POST /membership/payments (multipart: proof,
// amount, reference), GET /membership/receipts/{id}.

export const membershipKeys = {
  me: () => ['membership', 'me'] as const,
  receipt: (id: string) => ['membership', 'receipt', id] as const,
};

export const membershipQueryOptions = () =>
  queryOptions({ queryKey: membershipKeys.me(), queryFn: ({ signal }) => api.get<MembershipResponse>('/membership/me', { signal }) });

export const useMembership = () => useQuery(membershipQueryOptions());

export const useReceipt = (id: string) =>
  useQuery({ queryKey: membershipKeys.receipt(id), queryFn: ({ signal }) => api.get<ReceiptResponse>(`/membership/receipts/${encodeURIComponent(id)}`, { signal }), retry: false });

export function useSendProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { proof: File; amount: string; reference: string }) => {
      const body = new FormData();
      body.append('amount', input.amount);
      body.append('reference', input.reference);
      body.append('proof', input.proof);
      return api.post<{ message: string }>('/membership/payments', body);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: membershipKeys.me() }),
  });
}
