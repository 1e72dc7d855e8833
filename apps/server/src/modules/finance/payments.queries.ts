import { sql } from 'drizzle-orm';
import type { PaymentMethod, PaymentStatus } from '@aesa/shared/finance';
import type { Executor } from '../../db/tx.ts';

/** A payment as the Finance screen lists it: with the member, the session and the officers by name. */
export type AdminPaymentRow = {
  id: string;
  user_id: string;
  member_name: string;
  matric_number: string | null;
  level: string | null;
  email: string;
  session_id: string;
  session_year: string;
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  proof_path: string | null;
  has_proof: boolean;
  status: PaymentStatus;
  reason: string | null;
  receipt_number: string | null;
  recorded_by_name: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  created_at: Date;
  version: number;
};

const SELECT_PAYMENT = sql`
  select p.id, p.user_id, u.name as member_name, u.matric_number, u.current_level as level, u.email,
         p.session_id, s.year as session_year, p.amount, p.method, p.reference, p.proof_path,
         p.proof_path is not null as has_proof, p.status, p.reason, p.receipt_number,
         rb.name as recorded_by_name, db.name as decided_by_name, p.decided_at, p.created_at, p.version
  from payments p
  join users u on u.id = p.user_id
  join academic_sessions s on s.id = p.session_id
  left join users rb on rb.id = p.recorded_by
  left join users db on db.id = p.decided_by`;

const dates = (r: AdminPaymentRow): AdminPaymentRow => ({
  ...r,
  decided_at: r.decided_at ? new Date(r.decided_at) : null,
  created_at: new Date(r.created_at),
});

/** A session's payments, pending first then newest first; optionally of one status. */
export async function listPayments(db: Executor, sessionId: string, status?: PaymentStatus): Promise<AdminPaymentRow[]> {
  const { rows } = await db.execute<AdminPaymentRow>(sql`${SELECT_PAYMENT}
    where p.session_id = ${sessionId} ${status ? sql`and p.status = ${status}` : sql``}
    order by p.status = 'pending' desc, p.created_at desc, p.id
    limit 2000`);
  return rows.map(dates);
}

export async function findPayment(db: Executor, id: string, { lock = false } = {}): Promise<AdminPaymentRow | null> {
  // FOR UPDATE OF p: concurrent decisions on one payment wait for each other, and each sees the
  // row as the one before it left it (its new version), so only the first one applies.
  const { rows } = await db.execute<AdminPaymentRow>(sql`${SELECT_PAYMENT} where p.id = ${id} ${lock ? sql`for update of p` : sql``}`);
  return rows[0] ? dates(rows[0]) : null;
}

/** The session's figures: members with an approved payment, pending proofs, the approved total. */
export async function sessionFigures(db: Executor, sessionId: string) {
  const { rows } = await db.execute<{ financial_members: number; pending: number; total_collected: number }>(sql`
    select count(distinct user_id) filter (where status = 'approved')::int as financial_members,
           count(*) filter (where status = 'pending')::int as pending,
           coalesce(sum(amount) filter (where status = 'approved'), 0)::int as total_collected
    from payments where session_id = ${sessionId}`);
  return rows[0]!;
}

/** Whether the member already has an approved or a pending payment for the session (and which). */
export async function openPaymentOf(db: Executor, userId: string, sessionId: string) {
  const { rows } = await db.execute<{ status: PaymentStatus }>(sql`
    select status from payments where user_id = ${userId} and session_id = ${sessionId} and status in ('approved', 'pending')
    order by status = 'approved' desc limit 1`);
  return rows[0]?.status ?? null;
}

/** Serialises payments of one member and session: a second upload or cash entry waits and then sees the first. */
export async function lockMemberSession(db: Executor, userId: string, sessionId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`payment:${userId}:${sessionId}`}, 0))`);
}

export async function insertPayment(
  db: Executor,
  v: { user_id: string; session_id: string; amount: number; method: PaymentMethod; reference: string | null; proof_path: string | null; recorded_by: string },
): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into payments (user_id, session_id, amount, method, reference, proof_path, status, recorded_by)
    values (${v.user_id}, ${v.session_id}, ${v.amount}, ${v.method}, ${v.reference}, ${v.proof_path}, 'pending', ${v.recorded_by})
    returning id`);
  return rows[0]!.id;
}

/** The next receipt number of a session (the counter is bumped in this transaction; decision 048). */
export async function nextReceiptSequence(db: Executor, sessionId: string): Promise<{ year: string; sequence: number }> {
  const { rows } = await db.execute<{ year: string; sequence: number }>(sql`
    update academic_sessions set receipts_issued = receipts_issued + 1 where id = ${sessionId}
    returning year, receipts_issued as sequence`);
  return rows[0]!;
}

/** Approves a pending payment of this version; false when the row has moved on. */
export async function approvePayment(
  db: Executor,
  id: string,
  version: number,
  v: { amount: number; method: PaymentMethod; reference: string | null; receipt_number: string; decided_by: string },
): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    update payments set status = 'approved', amount = ${v.amount}, method = ${v.method}, reference = ${v.reference},
           receipt_number = ${v.receipt_number}, reason = null, decided_by = ${v.decided_by}, decided_at = now(),
           version = version + 1, updated_at = now()
    where id = ${id} and version = ${version} and status = 'pending'`);
  return rowCount === 1;
}

/** Rejects a pending payment, or voids an approved one, with the reason; false when the row has moved on. */
export async function closePayment(db: Executor, id: string, version: number, from: 'pending' | 'approved', v: { reason: string; decided_by: string }): Promise<boolean> {
  const to = from === 'pending' ? 'rejected' : 'void';
  const { rowCount } = await db.execute(sql`
    update payments set status = ${to}, reason = ${v.reason}, decided_by = ${v.decided_by}, decided_at = now(),
           version = version + 1, updated_at = now()
    where id = ${id} and version = ${version} and status = ${from}`);
  return rowCount === 1;
}

/** A member's payments, newest first, with the session's year. */
export async function memberPayments(db: Executor, userId: string) {
  const { rows } = await db.execute<{
    id: string;
    session_year: string;
    amount: number;
    method: PaymentMethod;
    reference: string | null;
    has_proof: boolean;
    status: PaymentStatus;
    reason: string | null;
    receipt_number: string | null;
    created_at: Date;
    decided_at: Date | null;
  }>(sql`
    select p.id, s.year as session_year, p.amount, p.method, p.reference, p.proof_path is not null as has_proof,
           p.status, p.reason, p.receipt_number, p.created_at, p.decided_at
    from payments p join academic_sessions s on s.id = p.session_id
    where p.user_id = ${userId}
    order by p.created_at desc, p.id`);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at), decided_at: r.decided_at ? new Date(r.decided_at) : null }));
}

/** Sessions other than the current one, newest first, and whether the member paid for each. */
export async function memberHistory(db: Executor, userId: string) {
  const { rows } = await db.execute<{ year: string; financial: boolean }>(sql`
    select s.year, exists (select 1 from payments p where p.session_id = s.id and p.user_id = ${userId} and p.status = 'approved') as financial
    from academic_sessions s
    where not s.is_current and s.starts_on <= (select coalesce(max(starts_on), current_date) from academic_sessions where is_current)
    order by s.year desc`);
  return rows;
}

/** Verified as the voting rule says: a current member role verified by an admin. */
export async function isVerifiedMember(db: Executor, userId: string): Promise<boolean> {
  const { rows } = await db.execute<{ verified: boolean }>(sql`
    select coalesce(bool_or(is_current and verified_by_admin), false) as verified from member_roles where user_id = ${userId}`);
  return !!rows[0]?.verified;
}

export async function memberForPayment(db: Executor, userId: string) {
  const { rows } = await db.execute<{ id: string; name: string; level_key: string | null }>(sql`select id, name, level_key from users where id = ${userId}`);
  return rows[0] ?? null;
}
