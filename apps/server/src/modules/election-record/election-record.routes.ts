import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pathIdSchema, replies } from '@aesa/shared/schemas/envelope';
import { fileTextResponse, rollSummaryResponse } from '@aesa/shared/schemas/election-record';
import * as record from './election-record.service.ts';

const electionParams = z.object({ id: pathIdSchema('ELECTION_NOT_FOUND') });

/** A file answer: its bytes as text, their SHA-256 in a header, a file name for saving. */
function sendFile(reply: FastifyReply, file: record.PublicFile, type: string, name: string) {
  return reply
    .type(type)
    .header('x-content-sha256', file.sha256)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(file.text);
}

/**
 * The voter roll (its summary for everyone; the list for electoral admins, as an audited export)
 * and the election's public files: the bulletin board (JSON, CSV) and the record, once the final
 * results are published.
 */
export async function electionRecordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: record.RecordDeps = { db: app.db };

  app.get('/elections/:id/roll', { config: { access: 'public', adminView: 'electoral', settles: 'election' }, schema: { operationId: 'getRollSummary', summary: "An election's voter roll in numbers", params: electionParams, response: replies(rollSummaryResponse) } }, async (request) => {
    return { success: true as const, roll: await record.rollSummary(deps, request.params.id, request.user?.id ?? null, request.adminView) };
  });

  // A POST, not a GET: downloading the list of who may vote and who took part is an act the
  // audit log keeps (admin writes are audited with their actor, plugins/audit.ts).
  app.post(
    '/elections/:id/roll/export',
    { config: { access: { admin: 'electoral' }, settles: 'election' }, schema: { operationId: 'exportRoll', summary: "Download an election's voter roll (CSV)", params: electionParams, response: replies(fileTextResponse) } },
    async (request, reply) => {
      const text = await record.rollCsv(deps, request.params.id);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="voter-roll-${request.params.id}.csv"`).header('cache-control', 'no-store').send(text);
    },
  );

  const fileRoute = { config: { access: 'public' as const, adminView: 'electoral' as const, settles: 'election' as const } };
  const files: [record.PublicFileName, string, { operationId: string; summary: string }][] = [
    ['board.json', 'application/json; charset=utf-8', { operationId: 'getBulletinBoardJson', summary: "An election's bulletin board as JSON" }],
    ['board.csv', 'text/csv; charset=utf-8', { operationId: 'getBulletinBoardCsv', summary: "An election's bulletin board as CSV" }],
    ['record.json', 'application/json; charset=utf-8', { operationId: 'getElectionRecord', summary: "An election's record once its final results are published" }],
  ];
  for (const [name, type, names] of files) {
    app.get(`/elections/:id/${name}`, { ...fileRoute, schema: { ...names, params: electionParams, response: replies(fileTextResponse) } }, async (request, reply) => {
      const file = await record.publicFile(deps, request.params.id, name, request.adminView);
      const [stem, ext] = name.split('.');
      return sendFile(reply, file, type, `${stem}-${request.params.id}.${ext}`);
    });
  }
}
