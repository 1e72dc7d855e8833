import type { AdminUploadType } from '@aesa/shared/admin';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_MSG } from '@aesa/shared/uploads';
import { LIMITS } from '@aesa/shared/constants';
import { api } from './api-client.ts';

/** The spec's upload checks before sending: an accepted image type, at most 5 MB. */
export function imageFileProblem(file: File): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MSG.invalidImage;
  if (file.size > LIMITS.imageMaxBytes) return UPLOAD_MSG.tooLarge;
  return null;
}

/** POST /api/admin/uploads/image (multipart: type + file) → the stored image's URL. */
export async function uploadAdminImage(type: AdminUploadType, file: File): Promise<string> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file);
  // The type also travels in the address, so the server checks the permission before reading the file.
  const res = await api.post<{ success: boolean; url: string }>('/admin/uploads/image', form, { query: { type }, timeoutMs: 60_000 });
  return res.url;
}
