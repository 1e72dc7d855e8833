import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type ImageKind } from '@aesa/shared/uploads';
import { fail } from '../../lib/app-error.ts';
import { reencodeImage } from './image.ts';
import * as q from './uploads.queries.ts';

export const UPLOAD_URL_PREFIX = '/uploads/';

/** Re-encodes and stores an image under a server-made name; answers its public URL. */
export async function storeImage(app: FastifyInstance, userId: string, kind: ImageKind, input: Buffer): Promise<string> {
  const image = await reencodeImage(input, kind);
  const relative = `${kind}/${randomUUID()}.webp`;
  const file = path.join(app.config.uploadDir, relative);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, image);
  try {
    await q.insertUpload(app.db, { user_id: userId, path: relative, kind, bytes: image.length });
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
  return UPLOAD_URL_PREFIX + relative;
}

/** The stored path of one of our upload URLs, or null for anything else (default images, links). */
export function uploadPathOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const pathname = url.startsWith('http') ? safePathname(url) : url;
  if (!pathname?.startsWith(UPLOAD_URL_PREFIX)) return null;
  const relative = pathname.slice(UPLOAD_URL_PREFIX.length);
  return /^[a-z-]+\/[0-9a-f-]{36}\.webp$/.test(relative) ? relative : null;
}

function safePathname(url: string): string | null {
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

/** Deletes a member's own upload (file and row). Someone else's file is refused. */
export async function deleteOwnUpload(app: FastifyInstance, userId: string, url: string, { quiet = false } = {}) {
  const relative = uploadPathOf(url);
  const row = relative ? await q.findUpload(app.db, relative) : null;
  if (!row) {
    if (quiet) return;
    throw fail('FILE_NOT_FOUND');
  }
  if (row.user_id !== userId) {
    if (quiet) return;
    throw fail('UPLOAD_NOT_YOUR_FILE');
  }
  await q.deleteUploadRow(app.db, row.path, userId);
  await fs.rm(path.join(app.config.uploadDir, row.path), { force: true });
}

/** After an image is replaced, the old file goes too (if it was the member's own upload). */
export async function removeReplacedImage(app: FastifyInstance, userId: string, previousUrl: string | null | undefined) {
  if (uploadPathOf(previousUrl)) await deleteOwnUpload(app, userId, previousUrl!, { quiet: true });
}
