import { ADMIN_MSG, BATCH_DEFAULTS, type MemberRoleBatchItem, type PickerUser } from '@aesa/shared/admin';
import { ROLE_TYPES } from '@aesa/shared/constants';

// Batch Update: a list of role assignments built one by one, then sent
// together. Each is checked with memberRoleBatchFormSchema (the route's item schema) before it
// joins the list; the rest of the item has the spec's defaults.

export type RoleType = (typeof ROLE_TYPES)[number];
export { ROLE_TYPES };

/** The inputs as typed; user_id is set by the picker. */
export interface BatchFormValues {
  user_id: string;
  role_name: string;
  role_type: RoleType;
  associated_year_range: string;
  associated_position: string;
  is_current: boolean;
  verified_by_admin: boolean;
}

/** One request item, as the schema gives it (trimmed, cleared fields replaced by the defaults). */
export type BatchItemBody = MemberRoleBatchItem;

export interface BatchDraftItem extends BatchItemBody {
  key: string;
  user: PickerUser;
}

export const newBatchForm = (): BatchFormValues => ({
  user_id: '',
  role_name: '',
  role_type: BATCH_DEFAULTS.role_type,
  associated_year_range: BATCH_DEFAULTS.associated_year_range,
  associated_position: BATCH_DEFAULTS.associated_position,
  is_current: BATCH_DEFAULTS.is_current,
  verified_by_admin: BATCH_DEFAULTS.verified_by_admin,
});

export const DUPLICATE_ITEM = ADMIN_MSG.duplicateBatchItem;

/** Whether the list already holds this member with this role name (case-insensitive): the server would apply it twice. */
export const isInList = (list: readonly { user_id: string; role_name: string }[], item: { user_id: string; role_name: string }) =>
  list.some((other) => other.user_id === item.user_id && other.role_name.toLowerCase() === item.role_name.toLowerCase());

/** A checked item with the screen's own fields: a key for the list and the member for the card. */
export const draftItem = (body: BatchItemBody, user: PickerUser): BatchDraftItem => ({ ...body, key: `${body.user_id}:${body.role_name.toLowerCase()}`, user });

/** The request items, without the screen's own fields. */
export const batchBodies = (items: readonly BatchDraftItem[]): BatchItemBody[] =>
  items.map(({ key: _key, user: _user, ...body }) => body);

/** The member's name of a failed item, from the list that was sent. */
export function failedItemName(item: unknown, sent: readonly BatchDraftItem[]): string {
  const failed = item as Partial<BatchItemBody> | null;
  const match = sent.find((s) => failed && s.user_id === failed.user_id && s.role_name === failed.role_name);
  return match?.user.name || failed?.role_name || 'Unknown item';
}

/** The sent items the server reported as failed (they stay in the list to be corrected). */
export function failedItems(sent: readonly BatchDraftItem[], failed: readonly { item: unknown }[]): BatchDraftItem[] {
  return sent.filter((s) =>
    failed.some((f) => {
      const item = f.item as Partial<BatchItemBody> | null;
      return item?.user_id === s.user_id && item?.role_name === s.role_name;
    }),
  );
}
