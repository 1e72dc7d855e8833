import type { DataImageType } from '@aesa/shared/uploads';
import { type QueryClient, useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { profileKeys } from './get-profile.ts';
import { uploadDataImage } from './upload-image.ts';

// Projects, achievements and volunteer activities: the same three calls each.

export type ItemCollection = 'projects' | 'achievements' | 'volunteer-activities';

export interface ItemResponse {
  success: boolean;
  message?: string;
  error?: string;
}

/** POST /profile/me/{collection} */
export const createItem = (collection: ItemCollection, body: Record<string, unknown>) =>
  api.post<ItemResponse>(`/profile/me/${collection}`, body);

/** PATCH /profile/me/{collection}/{id} */
export const updateItem = (collection: ItemCollection, id: string, body: Record<string, unknown>) =>
  api.patch<ItemResponse>(`/profile/me/${collection}/${encodeURIComponent(id)}`, body);

/** DELETE /profile/me/{collection}/{id} */
export const deleteItem = (collection: ItemCollection, id: string) =>
  api.delete<ItemResponse>(`/profile/me/${collection}/${encodeURIComponent(id)}`);

/**
 * Every call the items editor makes (saves, deletes and image uploads) carries this key, so the
 * dialog knows it is busy from TanStack Query's own count instead of flags passed up by hand.
 */
export const itemMutationKey = (collection: ItemCollection) => ['profile', 'items', collection] as const;

/** Add (no id) or update an item; the profile is read again either way. */
export function useSaveItem(collection: ItemCollection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...itemMutationKey(collection), 'save'],
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) => (id ? updateItem(collection, id, body) : createItem(collection, body)),
    onSettled: () => refreshProfile(queryClient),
  });
}

/** Delete an item; the profile is read again whether or not it went. */
export function useDeleteItem(collection: ItemCollection) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...itemMutationKey(collection), 'delete'],
    mutationFn: (id: string) => deleteItem(collection, id),
    onSettled: () => refreshProfile(queryClient),
  });
}

/** Upload an item's picture; the item keeps its address only once it is saved. */
export function useUploadItemImage(collection: ItemCollection, type: DataImageType) {
  return useMutation({
    mutationKey: [...itemMutationKey(collection), 'upload'],
    mutationFn: (file: File) => uploadDataImage(type, file),
  });
}

/** How many of the editor's calls are under way (for the dialog, which must not close meanwhile). */
export const useItemCallsPending = (collection: ItemCollection, kind?: 'save' | 'delete' | 'upload') =>
  useIsMutating({ mutationKey: kind ? [...itemMutationKey(collection), kind] : itemMutationKey(collection) }) > 0;

// Not awaited (the call is answered; the page catches up), and a refresh that fails is only logged.
const refreshProfile = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: profileKeys.all }).catch((error: unknown) => {
    console.warn('Profile refresh failed', error);
  });
