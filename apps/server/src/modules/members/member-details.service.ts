import { ADMIN_MSG } from '@aesa/shared/admin';
import type { MemberDetails, MemberDetailsUpdate } from '@aesa/shared/schemas/admin';
import type { Db } from '../../db/client.ts';
import { fail } from '../../lib/app-error.ts';
import * as q from './member-details.queries.ts';

/**
 * A data admin corrects a member's level and enrolment year (what the directory's Level and Year
 * filters read). Only the fields sent change; the directory hears of it through the users trigger
 * and this process's write-route hook (directory-cache.plugin.ts).
 */
export async function correctMemberDetails(db: Db, userId: string, input: MemberDetailsUpdate, now: Date): Promise<{ message: string; member: MemberDetails }> {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as MemberDetailsUpdate;
  if (Object.keys(values).length === 0) throw fail('PROFILE_NOTHING_TO_UPDATE');
  const member = await q.updateMemberDetails(db, userId, values, now);
  if (!member) throw fail('MEMBER_NOT_FOUND');
  return { message: ADMIN_MSG.memberDetailsSaved(member.name || member.matric_number), member };
}
