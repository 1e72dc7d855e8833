import type { UploadedImageResponse } from '@aesa/shared/schemas/uploads';
import type { DataImageType } from '@aesa/shared/uploads';
import { api } from '@/lib/api-client.ts';

// Image uploads: multipart, the file in field "file"; the answer gives the stored image's address.

export type ProfileImageKind = 'profile' | 'cover';

function form(file: File, type?: DataImageType): FormData {
  const body = new FormData();
  // The type travels before the file, so the server knows the kind before it reads the image.
  if (type) body.append('type', type);
  body.append('file', file);
  return body;
}

/** POST /profile/me/upload/profile-image or /cover-image. */
export const uploadProfileImage = (kind: ProfileImageKind, file: File) =>
  api.post<UploadedImageResponse>(`/profile/me/upload/${kind === 'profile' ? 'profile-image' : 'cover-image'}`, form(file));

/** POST /profile/me/upload/data-image with type projects | achievements | volunteer-activities. */
export const uploadDataImage = (type: DataImageType, file: File) =>
  api.post<UploadedImageResponse>('/profile/me/upload/data-image', form(file, type));

/** DELETE /profile/me/upload/delete: removes an uploaded image that is no longer used. */
export const deleteUploadedImage = (filePath: string) => api.delete('/profile/me/upload/delete', { file_path: filePath });
