import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FINANCE_MSG } from '@aesa/shared/finance';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import {
  adminPaymentsResponse,
  cashPaymentSchema,
  paymentApproveSchema,
  paymentConflictSchema,
  paymentDecisionResponse,
  paymentReasonSchema,
  paymentsQuery,
} from '@aesa/shared/schemas/finance';
import { requireUser } from '../../plugins/access.ts';
import { expectedVersion } from '../../lib/edit-version.ts';
import * as payments from './payments.service.ts';

const finance = { access: { admin: 'finance' }, directoryUnaffected: true } as const;
const params = z.object({ id: pathIdSchema('PAYMENT_NOT_FOUND') });
const decision = (names: { operationId: string; summary: string }, body: z.ZodType) => ({ ...names, params, body, response: { ...replies(paymentDecisionResponse), 409: paymentConflictSchema } });
const ok = true as const;

/** Payments of dues (the Finance screen): finance admins. */
export async function paymentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/payments', { config: finance, schema: { operationId: 'listPayments', summary: 'The dues payments', querystring: paymentsQuery, response: replies(adminPaymentsResponse) } }, async (request) => ({
    success: ok,
    ...(await payments.listForSession(app.db, request.query.session, request.query.status)),
  }));

  app.post('/admin/payments', { config: finance, schema: { operationId: 'recordPayment', summary: 'Record a dues payment', body: cashPaymentSchema, response: replies(paymentDecisionResponse, 201) } }, async (request, reply) => {
    const payment = await payments.recordPayment(app, request.body, requireUser(request).id);
    return reply.status(201).send({ success: ok, payment, message: FINANCE_MSG.recorded(payment.member_name) });
  });

  app.post('/admin/payments/:id/approve', { config: finance, schema: decision({ operationId: 'approvePayment', summary: 'Approve a dues payment' }, paymentApproveSchema) }, async (request, reply) => {
    const body = request.body as z.infer<typeof paymentApproveSchema>;
    const payment = await payments.approve(app, request.params.id, expectedVersion(request), body, requireUser(request).id);
    reply.header('ETag', `"${payment.version}"`);
    return { success: ok, payment, message: FINANCE_MSG.approved(payment.member_name) };
  });

  app.post('/admin/payments/:id/reject', { config: finance, schema: decision({ operationId: 'rejectPayment', summary: 'Reject a dues payment' }, paymentReasonSchema) }, async (request, reply) => {
    const body = request.body as z.infer<typeof paymentReasonSchema>;
    const payment = await payments.reject(app, request.params.id, expectedVersion(request), body.reason, requireUser(request).id);
    reply.header('ETag', `"${payment.version}"`);
    return { success: ok, payment, message: FINANCE_MSG.rejected(payment.member_name) };
  });

  app.post('/admin/payments/:id/void', { config: finance, schema: decision({ operationId: 'voidPayment', summary: 'Void a dues payment' }, paymentReasonSchema) }, async (request, reply) => {
    const body = request.body as z.infer<typeof paymentReasonSchema>;
    const payment = await payments.voidPayment(app, request.params.id, expectedVersion(request), body.reason, requireUser(request).id);
    reply.header('ETag', `"${payment.version}"`);
    return { success: ok, payment, message: FINANCE_MSG.voided(payment.member_name) };
  });
}
