import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

/**
 * THE FINANCIAL MEMBER RULE, once, as SQL text for the statements that apply it (the roll's
 * freeze, the vote statement, the eligibility read): the member (`member`, an SQL expression)
 * has a payment for the session whose year is `year` (an SQL expression) and that payment is
 * approved. Pending, rejected and void payments do not count, nor a payment for another session.
 */
export function isFinancialMemberSql(member: string, year: string): string {
  return `exists (
    select 1 from payments p join academic_sessions s on s.id = p.session_id
    where p.user_id = ${member} and s.year = ${year} and p.status = 'approved')`;
}

/**
 * Whether a member satisfies an election's rule beyond verification: always for `verified`, a
 * financial member of the named session for `financial`. `election` is an SQL expression naming
 * the elections row (its voter_rule and voter_session columns).
 */
export function meetsVoterRuleSql(member: string, election: string): string {
  return `(${election}.voter_rule <> 'financial' or ${isFinancialMemberSql(member, `${election}.voter_session`)})`;
}

/** Whether a session with this year exists (an election's financial rule must name one). */
export async function sessionExists(db: Executor, year: string): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from academic_sessions where year = ${year}`);
  return rows.length > 0;
}
