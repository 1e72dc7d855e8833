import type { MemberDetailsResponse, MemberDetailsUpdate } from '@aesa/shared/schemas/admin';
import { api } from '@/lib/api-client.ts';

/** PATCH /admin/members/{id}: a data admin corrects a member's level and enrolment year. */
export const correctMemberDetails = (id: string, version: number, change: MemberDetailsUpdate) =>
  api.patch<MemberDetailsResponse>(`/admin/members/${encodeURIComponent(id)}`, change, { version });
