import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '@aesa/shared/constants';
import { DATA_IMAGE_TYPES, type ImageKind } from '@aesa/shared/uploads';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okMessageSchema, replies } from '@aesa/shared/schemas/envelope';
import { uploadedImageResponse } from '@aesa/shared/schemas/uploads';
import { fail } from '../../lib/app-error.ts';
import { requireUser } from '../../plugins/access.ts';
import { deleteOwnUpload, removeReplacedImage, storeImage } from './uploads.service.ts';
import { replaceProfileImage } from './uploads.queries.ts';

const uploadLimit = { max: 30, timeWindow: 60_000 };

/** Reads the one file (and the small text fields) of a multipart upload. */
export async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type === 'file') file = await part.toBuffer();
      else fields[part.fieldname] = String(part.value);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('UPLOAD_TOO_LARGE');
    throw err;
  }
  if (!file || file.length === 0) throw fail('UPLOAD_NO_FILE');
  return { file, fields };
}

const deleteUploadSchema = z.object({ file_path: z.string({ error: 'file_path is required' }).min(1).max(LIMITS.urlMax) });

// The upload routes take a multipart form (one image file, and `type` for data images): the
// file is read and checked here, so only their answers are declared.
export async function uploadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const upload = (names: { operationId: string; summary: string }) => ({ config: { access: 'member' as const, rateLimit: uploadLimit }, schema: { ...names, response: replies(uploadedImageResponse) } });
  const imageColumn = async (request: FastifyRequest, kind: 'profile' | 'cover') => {
    const user = requireUser(request);
    const { file } = await readUpload(request);
    const url = await storeImage(app, user.id, kind, file);
    const column = kind === 'profile' ? 'profile_image_url' : 'cover_image_url';
    const previous = await replaceProfileImage(app.db, user.id, column, url, app.clock());
    await removeReplacedImage(app, user.id, previous);
    return { success: true as const, url };
  };

  app.post('/profile/me/upload/profile-image', upload({ operationId: 'uploadProfileImage', summary: "Upload the signed-in member's profile photo" }), (request) => imageColumn(request, 'profile'));
  app.post('/profile/me/upload/cover-image', upload({ operationId: 'uploadCoverImage', summary: "Upload the signed-in member's cover image" }), (request) => imageColumn(request, 'cover'));

  app.post('/profile/me/upload/data-image', upload({ operationId: 'uploadProfileEntryImage', summary: "Upload an image for one of the signed-in member's projects, achievements or volunteer activities" }), async (request) => {
    const user = requireUser(request);
    const { file, fields } = await readUpload(request);
    const type = z.enum(DATA_IMAGE_TYPES).safeParse(fields.type);
    if (!type.success) throw fail('UPLOAD_UNSUPPORTED_TYPE');
    const url = await storeImage(app, user.id, type.data as ImageKind, file);
    return { success: true as const, url };
  });

  app.delete('/profile/me/upload/delete', { config: { access: 'member' }, schema: { operationId: 'deleteProfileUpload', summary: "Remove one of the signed-in member's uploaded images", body: deleteUploadSchema, response: replies(okMessageSchema) } }, async (request) => {
    const user = requireUser(request);
    await deleteOwnUpload(app, user.id, request.body.file_path);
    return { success: true as const, message: 'File deleted' };
  });
}
