import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FINANCE_LIMITS } from '@aesa/shared/finance';
import { fail } from '../../lib/app-error.ts';
import { looksLikePdf } from '../articles/article-pdf.ts';
import { reencodeImage } from '../uploads/image.ts';

// A proof of payment: an image (re-encoded like every image, decision 005: what is stored is our
// own WebP, never the uploaded bytes) or a PDF (checked as the editorial PDFs are). Stored under
// uploads/payment-proofs/<uuid>, and served only through GET /api/membership/payments/{id}/proof
// to the member who sent it and to finance admins; the static /uploads/ path refuses them.

export const PROOF_DIR = 'payment-proofs';
const PROOF_NAME = /^payment-proofs\/[0-9a-f-]{36}\.(webp|pdf)$/;

/** Reads the multipart form: the `proof` file and the text fields. */
export async function readProofForm(request: FastifyRequest): Promise<{ proof: Buffer | null; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let proof: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: FINANCE_LIMITS.proofPdfMaxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname === 'proof') proof = buf;
      } else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('PAYMENT_PROOF_TOO_LARGE');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw fail('PAYMENT_PROOF_REQUIRED');
    throw err;
  }
  return { proof: proof && proof.length > 0 ? proof : null, fields };
}

/** Checks and stores a proof; answers its stored path and how to remove it if the payment is not saved. */
export async function storeProof(app: FastifyInstance, input: Buffer) {
  let bytes: Buffer;
  let ext: 'pdf' | 'webp';
  if (looksLikePdf(input)) {
    bytes = input;
    ext = 'pdf';
  } else {
    bytes = await reencodeImage(input, 'article').catch((err: { code?: string }) => {
      throw err.code === 'UPLOAD_INVALID_IMAGE' ? fail('PAYMENT_PROOF_TYPE') : err;
    });
    ext = 'webp';
  }
  const relative = `${PROOF_DIR}/${randomUUID()}.${ext}`;
  const file = path.join(app.config.uploadDir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes, { flag: 'wx' });
  return { relative, remove: () => fs.rm(file, { force: true }) };
}

/** The stored file of a proof path, or null when it is not one of ours. */
export function proofFile(app: FastifyInstance, relative: string | null): { file: string; type: string } | null {
  if (!relative || !PROOF_NAME.test(relative)) return null;
  return { file: path.join(app.config.uploadDir, relative), type: relative.endsWith('.pdf') ? 'application/pdf' : 'image/webp' };
}
