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
export async function correctMemberDetails(db: Db, userId: string, version: number, input: MemberDetailsUpdate, now: Date): Promise<MemberDetails | null> {
  const values = Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && k !== 'version')) as MemberDetailsUpdate;
  if (Object.keys(values).length === 0) throw fail('PROFILE_NOTHING_TO_UPDATE');
  return q.updateMemberDetails(db, userId, version, values, now);
}

export const findMemberDetails = q.findMemberDetails;

/** The answer to a saved correction: the member and the words that say it. */
export const savedMessage = (member: MemberDetails) => ADMIN_MSG.memberDetailsSaved(member.name || member.matric_number);
