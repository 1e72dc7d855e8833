import type { AdminUploadType } from '@aesa/shared/admin';
import { api } from './api-client.ts';


/** POST /api/admin/uploads/image (multipart: type + file) → the stored image's URL. */
export async function uploadAdminImage(type: AdminUploadType, file: File): Promise<string> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', file);
  // The type also travels in the address, so the server checks the permission before reading the file.
  const res = await api.post<{ success: boolean; url: string }>('/admin/uploads/image', form, { query: { type }, timeoutMs: 60_000 });
  return res.url;
}
