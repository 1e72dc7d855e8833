import { ADMIN_MSG, BATCH_DEFAULTS, type PickerUser } from '@aesa/shared/admin';
import { ROLE_TYPES } from '@aesa/shared/constants';
import { PICKER_MSG } from '@/components/user-picker/selection.ts';

// Batch Update (spec 02 §2.6, §5, §9): a list of role assignments built one by one, then sent
// together. Each needs a chosen user and a role name; the rest has the spec's defaults.

export type RoleType = (typeof ROLE_TYPES)[number];
export { ROLE_TYPES };

export interface BatchForm {
  user: PickerUser | null;
  role_name: string;
  role_type: RoleType;
  associated_year_range: string;
  associated_position: string;
  is_current: boolean;
  verified_by_admin: boolean;
}

export interface BatchItemBody {
  user_id: string;
  role_name: string;
  role_type: RoleType;
  associated_year_range: string;
  associated_position: string;
  is_current: boolean;
  verified_by_admin: boolean;
}

export interface BatchDraftItem extends BatchItemBody {
  key: string;
  user: PickerUser;
}

export const newBatchForm = (): BatchForm => ({
  user: null,
  role_name: '',
  role_type: BATCH_DEFAULTS.role_type,
  associated_year_range: BATCH_DEFAULTS.associated_year_range,
  associated_position: BATCH_DEFAULTS.associated_position,
  is_current: BATCH_DEFAULTS.is_current,
  verified_by_admin: BATCH_DEFAULTS.verified_by_admin,
});

export const DUPLICATE_ITEM = 'This member already has a role with this name in the list.';

const sameItem = (a: { user_id: string; role_name: string }, b: { user_id: string; role_name: string }) =>
  a.user_id === b.user_id && a.role_name.toLowerCase() === b.role_name.toLowerCase();

/** The item to add, or why it cannot be added. */
export function checkBatchForm(
  form: BatchForm,
  list: readonly BatchItemBody[],
): { item: BatchDraftItem | null; errors: { user?: string; role_name?: string } } {
  const errors: { user?: string; role_name?: string } = {};
  if (!form.user) errors.user = PICKER_MSG.noUser;
  const roleName = form.role_name.trim();
  if (!roleName) errors.role_name = ADMIN_MSG.roleNameMissing;
  if (!form.user || !roleName) return { item: null, errors };
  const body: BatchItemBody = {
    user_id: form.user.id,
    role_name: roleName,
    role_type: form.role_type,
    // Cleared fields go as the defaults, as the server would take them.
    associated_year_range: form.associated_year_range.trim() || BATCH_DEFAULTS.associated_year_range,
    associated_position: form.associated_position.trim() || BATCH_DEFAULTS.associated_position,
    is_current: form.is_current,
    verified_by_admin: form.verified_by_admin,
  };
  if (list.some((other) => sameItem(other, body))) return { item: null, errors: { role_name: DUPLICATE_ITEM } };
  return { item: { ...body, key: `${body.user_id}:${roleName.toLowerCase()}`, user: form.user }, errors: {} };
}

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
