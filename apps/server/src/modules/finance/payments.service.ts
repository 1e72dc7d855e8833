import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { receiptNumber, type CashPaymentInput, type PaymentApproveInput, type PaymentStatus } from '@aesa/shared/finance';
import { proofFieldsSchema } from '@aesa/shared/schemas/finance';
import type { Executor } from '../../db/tx.ts';
import { fail, refusedInput } from '../../lib/app-error.ts';
import { editConflict } from '../../lib/edit-version.ts';
import { refusalOfIssue } from '@aesa/shared/schemas/coded';
import { queueMail } from '../mail/mail.service.ts';
import { paymentApprovedMail, paymentRejectedMail, paymentVoidedMail } from './payment-mail.ts';
import { readProofForm, storeProof } from './payment-proof.ts';
import * as q from './payments.queries.ts';
import { currentSession, findSession } from './sessions.queries.ts';

// Payments of dues. A member sends a proof (pending); an officer approves it (it gets the
// session's next receipt number) or rejects it with a reason; an officer records a payment
// received at the desk (approved at once); an approved payment can be voided with a reason.
// Nothing is ever deleted. Each decision names the version it was made on: concurrent decisions
// on one payment wait for each other on its row, and all but the first find another version
// (409 EDIT_CONFLICT), so one payment is approved once and gets one receipt number.

/** What the member and the officer see of a payment: never the stored file's path. */
function toAdminPayment(row: q.AdminPaymentRow) {
  const { proof_path: _path, email: _email, ...rest } = row;
  return rest;
}

export async function listForSession(db: Executor, sessionId: string | undefined, status?: PaymentStatus) {
  const session = sessionId ? await findSession(db, sessionId) : await currentSession(db);
  if (sessionId && !session) throw fail('SESSION_NOT_FOUND');
  if (!session) return { session: null, payments: [], figures: null };
  const [payments, figures] = await Promise.all([q.listPayments(db, session.id, status), q.sessionFigures(db, session.id)]);
  return { session, payments: payments.map(toAdminPayment), figures };
}

const membershipLink = (app: FastifyInstance) => `${app.config.publicUrl}/profile#membership`;
const receiptLink = (app: FastifyInstance, id: string) => `${app.config.publicUrl}/membership/receipts/${id}`;

async function decided(app: FastifyInstance, id: string) {
  return toAdminPayment((await q.findPayment(app.db, id))!);
}

/** Locks the payment and checks the version sent; the caller then changes it in the same transaction. */
async function lockedAt(app: FastifyInstance, id: string, version: number) {
  const row = await q.findPayment(app.db, id, { lock: true });
  if (!row) throw fail('PAYMENT_NOT_FOUND');
  if (row.version !== version) throw await editConflict(app.db, 'payment', id, toAdminPayment(row));
  return row;
}

export async function approve(app: FastifyInstance, id: string, version: number, input: PaymentApproveInput, officerId: string) {
  const row = await lockedAt(app, id, version);
  if (row.status !== 'pending') throw fail('PAYMENT_NOT_PENDING');
  const { year, sequence } = await q.nextReceiptSequence(app.db, row.session_id);
  const receipt = receiptNumber(app.config.associationName, year, sequence);
  const reference = input.reference ?? row.reference;
  if (!(await q.approvePayment(app.db, id, version, { amount: input.amount, method: input.method, reference, receipt_number: receipt, decided_by: officerId }))) {
    throw await editConflict(app.db, 'payment', id, toAdminPayment((await q.findPayment(app.db, id))!));
  }
  await queueMail(
    app.db,
    [{ to: row.email, ...paymentApprovedMail(app.config.associationName, { name: row.member_name, year, amount: input.amount, method: input.method, receipt_number: receipt, link: receiptLink(app, id) }) }],
    { smtp: !!app.config.smtpUrl },
  );
  return decided(app, id);
}

export async function reject(app: FastifyInstance, id: string, version: number, reason: string, officerId: string) {
  const row = await lockedAt(app, id, version);
  if (row.status !== 'pending') throw fail('PAYMENT_NOT_PENDING');
  if (!(await q.closePayment(app.db, id, version, 'pending', { reason, decided_by: officerId }))) throw await editConflict(app.db, 'payment', id, toAdminPayment((await q.findPayment(app.db, id))!));
  await queueMail(
    app.db,
    [{ to: row.email, ...paymentRejectedMail(app.config.associationName, { name: row.member_name, year: row.session_year, amount: row.amount, reason, link: membershipLink(app) }) }],
    { smtp: !!app.config.smtpUrl },
  );
  return decided(app, id);
}

export async function voidPayment(app: FastifyInstance, id: string, version: number, reason: string, officerId: string) {
  const row = await lockedAt(app, id, version);
  if (row.status !== 'approved') throw fail('PAYMENT_NOT_APPROVED');
  if (!(await q.closePayment(app.db, id, version, 'approved', { reason, decided_by: officerId }))) throw await editConflict(app.db, 'payment', id, toAdminPayment((await q.findPayment(app.db, id))!));
  await queueMail(
    app.db,
    [{ to: row.email, ...paymentVoidedMail(app.config.associationName, { name: row.member_name, year: row.session_year, amount: row.amount, receipt_number: row.receipt_number, reason, link: membershipLink(app) }) }],
    { smtp: !!app.config.smtpUrl },
  );
  return decided(app, id);
}

/** A payment an officer received (cash at the desk): recorded and approved at once, with its receipt. */
export async function recordPayment(app: FastifyInstance, input: CashPaymentInput, officerId: string) {
  const session = await currentSession(app.db);
  if (!session) throw fail('PAYMENT_NO_CURRENT_SESSION');
  const member = await q.memberForPayment(app.db, input.user_id);
  if (!member) throw fail('PAYMENT_MEMBER_NOT_FOUND');
  await q.lockMemberSession(app.db, member.id, session.id);
  if ((await q.openPaymentOf(app.db, member.id, session.id)) === 'approved') throw fail('PAYMENT_MEMBER_ALREADY_FINANCIAL', session.year);
  const id = await q.insertPayment(app.db, { user_id: member.id, session_id: session.id, amount: input.amount, method: input.method, reference: input.reference ?? null, proof_path: null, recorded_by: officerId });
  // A pending proof the member sent for this session stays as it is: the officer rejects it (it
  // is paid now), so that the member is told what happened to it.
  return approve(app, id, 1, { amount: input.amount, method: input.method, reference: input.reference ?? null }, officerId);
}

/** The member's proof of payment for the current session (multipart: proof, amount, reference). */
export async function submitProof(app: FastifyInstance, request: Parameters<typeof readProofForm>[0], userId: string) {
  const { proof, fields } = await readProofForm(request);
  const parsed = proofFieldsSchema.safeParse(fields);
  if (!parsed.success) throw refusedInput(refusalOfIssue(parsed.error.issues[0]));
  if (!proof) throw fail('PAYMENT_PROOF_REQUIRED');
  const session = await currentSession(app.db);
  if (!session) throw fail('PAYMENT_NO_CURRENT_SESSION');
  const refuseOpen = async (db: Executor) => {
    const open = await q.openPaymentOf(db, userId, session.id);
    if (open === 'approved') throw fail('PAYMENT_ALREADY_FINANCIAL', session.year);
    if (open === 'pending') throw fail('PAYMENT_ALREADY_PENDING');
  };
  await refuseOpen(app.db); // before the file is decoded; checked again under the lock below
  const stored = await storeProof(app, proof);
  try {
    // One transaction holding the member's lock for this session: two uploads at once give one payment.
    return await app.db.transaction(async (tx) => {
      await q.lockMemberSession(tx, userId, session.id);
      await refuseOpen(tx);
      return q.insertPayment(tx, {
        user_id: userId,
        session_id: session.id,
        amount: parsed.data.amount,
        method: 'transfer',
        reference: parsed.data.reference,
        proof_path: stored.relative,
        recorded_by: userId,
      });
    });
  } catch (err) {
    await stored.remove();
    throw err;
  }
}

/** Whether this file exists (a proof whose file is gone answers 404 like an unknown one). */
export async function fileExists(file: string) {
  return !!(await fs.stat(file).catch(() => null))?.isFile();
}
