import type { MembershipCodeResponse } from '@aesa/shared/check-in';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

// GET /profile/me/membership-code: the text and squares of the member's QR code; POST renews it.

export const membershipCodeKey = ['profile', 'me', 'membership-code'] as const;

export const membershipCodeQueryOptions = () =>
  queryOptions({ queryKey: membershipCodeKey, queryFn: ({ signal }) => api.get<MembershipCodeResponse>('/profile/me/membership-code', { signal }), retry: false });

export const useMembershipCode = () => useQuery(membershipCodeQueryOptions());

/** Renews the code; the answer is the new code, put in the cache at once. */
export function useRenewMembershipCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MembershipCodeResponse>('/profile/me/membership-code'),
    onSuccess: (fresh) => queryClient.setQueryData(membershipCodeKey, fresh),
  });
}
