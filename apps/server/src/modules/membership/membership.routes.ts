import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FINANCE_MSG } from '@aesa/shared/finance';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { memberPaymentResponse, membershipResponse, proofFileResponse, receiptResponse } from '@aesa/shared/schemas/finance';
import { fail } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { submitProof } from '../finance/payments.service.ts';
import * as membership from './membership.service.ts';

const params = z.object({ id: pathIdSchema('PAYMENT_NOT_FOUND') });
// Per member: a proof is a decoded image or a stored PDF; ten in 15 minutes is more than anyone needs.
const uploadLimit = { max: 10, timeWindow: 15 * 60_000, keyGenerator: (request: FastifyRequest) => `proof:${request.user?.id ?? request.ip}` };
const ok = true as const;

/** A member's own payment papers; finance admins see every member's. */
const ownOrFinance = { access: 'member' as const, adminView: 'finance' as const };

/** The member's own membership: the status for the current session, the proof of payment, the receipts. */
export async function membershipRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/membership/me', { config: { access: 'member' }, schema: { operationId: 'getMyMembership', summary: "The signed-in member's membership and dues", response: replies(membershipResponse) } }, async (request) => ({
    success: ok,
    ...(await membership.membershipOf(app, requireUser(request).id)),
  }));

  // A multipart form (the `proof` file, `amount`, `reference`): read and checked by the service.
  app.post(
    '/membership/payments',
    { config: { access: 'member', rateLimit: uploadLimit, directoryUnaffected: true }, schema: { operationId: 'submitPayment', summary: 'Submit a dues payment with its proof', response: replies(memberPaymentResponse, 201) } },
    async (request, reply) => {
      const user = requireUser(request);
      const id = await submitProof(app, request, user.id);
      const payment = (await membership.membershipOf(app, user.id)).payments.find((p) => p.id === id)!;
      return reply.status(201).send({ success: ok, payment, message: FINANCE_MSG.uploaded });
    },
  );

  app.get('/membership/receipts/:id', { config: ownOrFinance, schema: { operationId: 'getReceipt', summary: 'A dues receipt', params, response: replies(receiptResponse) } }, async (request) => ({
    success: ok,
    receipt: await membership.receiptOf(app, requireUser(request), request.params.id, request.adminView),
  }));

  // The proof's file, for the member who sent it and finance admins only (with the bearer session).
  app.get('/membership/payments/:id/proof', { config: ownOrFinance, schema: { operationId: 'getPaymentProof', summary: "A payment's proof file", params, response: replies(proofFileResponse) } }, async (request, reply) => {
    const { file, type } = await membership.proofOf(app, requireUser(request), request.params.id, request.adminView);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw fail('FILE_NOT_FOUND');
    reply.type(type).header('Content-Disposition', 'inline').header('Content-Length', stat.size).header('Cache-Control', 'private, no-store');
    return reply.send(fs.createReadStream(file) as unknown as string); // a stream is sent as is, not serialised
  });
}

/** The static /uploads/ path never serves proofs of payment: only the route above does, after its check. */
export async function proofFileGuard(app: FastifyInstance) {
  app.get('/uploads/payment-proofs/*', { config: { access: 'public' } }, async () => {
    throw fail('FILE_NOT_FOUND');
  });
}
