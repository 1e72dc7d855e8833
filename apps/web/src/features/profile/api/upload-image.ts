import type { UploadedImageResponse } from '@aesa/shared/schemas/uploads';
import type { DataImageType } from '@aesa/shared/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './get-profile.ts';

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

/** Upload the profile picture or the cover image; the profile is read again once it is stored. */
export function useUploadProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadProfileImage(kind, file),
    // Not awaited: the upload is done; the page catches up on its own.
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: profileKeys.all }).catch((error: unknown) => {
        console.warn('Profile refresh failed', error);
      }),
  });
}

/** POST /profile/me/upload/data-image with type projects | achievements | volunteer-activities. */
export const uploadDataImage = (type: DataImageType, file: File) =>
  api.post<UploadedImageResponse>('/profile/me/upload/data-image', form(file, type));

/** DELETE /profile/me/upload/delete: removes an uploaded image that is no longer used. */
export const deleteUploadedImage = (filePath: string) => api.delete('/profile/me/upload/delete', { file_path: filePath });
