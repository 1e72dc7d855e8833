import { api } from '@/lib/api-client.ts';

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
