import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ARTICLE_PDF_MAX_BYTES } from '@aesa/shared/editorial';
import { submissionFieldsSchema } from '@aesa/shared/schemas/editorial';
import { LIMITS } from '@aesa/shared/constants';
import { fail } from '../../lib/app-error.ts';
import { parseWith } from '../../lib/validate.ts';
import { deleteOwnUpload, storeImage } from '../uploads/uploads.service.ts';
import { assertPdf, writePdf } from './article-pdf.ts';
import * as q from './articles.queries.ts';

const PDF_FIELDS = new Set(['file', 'pdf']);
const COVER_FIELDS = new Set(['cover_image', 'cover']);

/** Reads the submission form: text fields, the PDF (field "file") and an optional cover image (field "cover_image"). */
async function readSubmissionForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let pdf: Buffer | null = null;
  let cover: Buffer | null = null;
  let current = '';
  try {
    for await (const part of request.parts({ limits: { fileSize: ARTICLE_PDF_MAX_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024 } })) {
      current = part.fieldname;
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (PDF_FIELDS.has(part.fieldname)) pdf = await part.toBuffer();
      else if (COVER_FIELDS.has(part.fieldname)) cover = await part.toBuffer();
      else {
        await part.toBuffer();
        throw fail('SUBMISSION_UNEXPECTED_FILE', part.fieldname);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fail(COVER_FIELDS.has(current) ? 'UPLOAD_TOO_LARGE' : 'SUBMISSION_PDF_TOO_LARGE');
    }
    throw err;
  }
  if (cover && cover.length > LIMITS.imageMaxBytes) throw fail('UPLOAD_TOO_LARGE');
  return { fields, pdf, cover: cover && cover.length > 0 ? cover : null };
}

/**
 * A member submits an article: checked text fields, a real PDF (415 otherwise),
 * an optional cover re-encoded like every image. Nothing is kept when any part is refused.
 */
export async function submitArticle(app: FastifyInstance, request: FastifyRequest, userId: string) {
  const { fields, pdf, cover } = await readSubmissionForm(request);
  const input = parseWith(submissionFieldsSchema, fields);
  if (!pdf || pdf.length === 0) throw fail('SUBMISSION_PDF_REQUIRED');
  assertPdf(pdf);
  const coverUrl = cover ? await storeImage(app, userId, 'article', cover) : null;
  const stored = await writePdf(app, pdf).catch(async (err) => {
    if (coverUrl) await deleteOwnUpload(app, userId, coverUrl, { quiet: true });
    throw err;
  });
  try {
    return await q.insertSubmissionWithPdf(
      app.db,
      { user_id: userId, title: input.title, abstract: input.abstract, keywords: input.keywords, cover_image_url: coverUrl, file_url: stored.url, submitted_at: app.clock() },
      { path: stored.relative, bytes: pdf.length },
    );
  } catch (err) {
    await stored.remove();
    if (coverUrl) await deleteOwnUpload(app, userId, coverUrl, { quiet: true });
    throw err;
  }
}

export const listOwnSubmissions = q.listOwnSubmissions;
export const listPublishedArticles = q.listPublishedArticles;
