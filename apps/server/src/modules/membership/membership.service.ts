import type { FastifyInstance } from 'fastify';
import { duesFor, type MembershipStatus } from '@aesa/shared/finance';
import { fail } from '../../lib/app-error.ts';
import type { AuthUser } from '../auth/session-user.ts';
import * as payments from '../finance/payments.queries.ts';
import { proofFile } from '../finance/payment-proof.ts';
import { currentSession } from '../finance/sessions.queries.ts';

// The member's own standing for the current session: not verified, verified (a current member
// role verified by an admin, the rule the elections use) or financial (an approved payment for
// the session; pending, rejected and void payments do not count).

export async function membershipOf(app: FastifyInstance, userId: string) {
  const [session, list, history, verified, member] = await Promise.all([
    currentSession(app.db),
    payments.memberPayments(app.db, userId),
    payments.memberHistory(app.db, userId),
    payments.isVerifiedMember(app.db, userId),
    payments.memberForPayment(app.db, userId),
  ]);
  let current = null;
  if (session) {
    const paid = list.some((p) => p.session_year === session.year && p.status === 'approved');
    const status: MembershipStatus = paid ? 'financial' : verified ? 'verified' : 'not_verified';
    const { version: _v, ...shown } = session;
    current = { session: shown, status, dues: duesFor(session, member?.level_key) };
  }
  return { current, history, payments: list };
}

/** A payment the caller may see the papers of: their own, or any for a finance admin. 404 otherwise (nothing revealed). */
async function visiblePayment(app: FastifyInstance, user: AuthUser, id: string, financeAdmin: boolean) {
  const row = await payments.findPayment(app.db, id);
  if (!row || (row.user_id !== user.id && !financeAdmin)) throw fail('PAYMENT_NOT_FOUND');
  return row;
}

export async function receiptOf(app: FastifyInstance, user: AuthUser, id: string, financeAdmin: boolean) {
  const row = await visiblePayment(app, user, id, financeAdmin);
  if (!row.receipt_number) throw fail('PAYMENT_NOT_FOUND');
  return {
    receipt_number: row.receipt_number,
    association_name: app.config.associationName,
    member_name: row.member_name,
    matric_number: row.matric_number,
    session_year: row.session_year,
    amount: row.amount,
    method: row.method,
    reference: row.reference,
    status: row.status,
    reason: row.status === 'void' ? row.reason : null,
    decided_at: row.decided_at,
    decided_by_name: row.decided_by_name,
  };
}

export async function proofOf(app: FastifyInstance, user: AuthUser, id: string, financeAdmin: boolean) {
  const row = await visiblePayment(app, user, id, financeAdmin);
  const file = proofFile(app, row.proof_path);
  if (!file) throw fail('FILE_NOT_FOUND');
  return file;
}
