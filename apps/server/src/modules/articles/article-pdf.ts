import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../lib/app-error.ts';

export const PDF_DIR = 'articles';
/** Our PDF names: server-made, never the uploader's. */
export const PDF_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/;

/**
 * True when the bytes are a PDF: the "%PDF-x.y" header at the very start (what the browser's
 * viewer needs too) and an end-of-file marker near the end (a truncated upload fails here).
 * The uploader's file name and declared content type are ignored.
 */
export function looksLikePdf(buf: Buffer): boolean {
  if (buf.length < 16) return false;
  if (!/^%PDF-[12]\.\d/.test(buf.subarray(0, 8).toString('latin1'))) return false;
  return buf.subarray(Math.max(0, buf.length - 2048)).includes('%%EOF');
}

export function assertPdf(buf: Buffer) {
  if (!looksLikePdf(buf)) throw fail('SUBMISSION_NOT_A_PDF');
}

/** Writes the PDF under uploadDir/articles/<uuid>.pdf; answers its stored path and URL. */
export async function writePdf(app: FastifyInstance, buf: Buffer) {
  const relative = `${PDF_DIR}/${randomUUID()}.pdf`;
  const file = path.join(app.config.uploadDir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, buf, { flag: 'wx' });
  return { relative, url: `/uploads/${relative}`, remove: () => fs.rm(file, { force: true }) };
}
