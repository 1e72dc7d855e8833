import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '@aesa/shared/constants';
import { PROFILE_MSG } from '@aesa/shared/profile';
import type { DataImageType } from '@aesa/shared/uploads';
import type { ZodType } from 'zod';
import type { ItemCollection } from '../../api/profile-items.ts';
import type { ProfileData } from '../../api/get-profile.ts';
import { dateRange, fullDate } from '../../lib/format.ts';

// Projects, achievements and volunteer activities share one editor; this says what differs.

export type ItemKind = 'projects' | 'achievements' | 'activities';

export type FieldSpec =
  | { name: string; label: string; type: 'text' | 'url' | 'textarea'; required?: boolean; placeholder?: string }
  | { name: string; label: string; type: 'date'; required?: boolean; minFrom?: string }
  | { name: string; label: string; type: 'select'; options: readonly string[]; emptyOption?: string }
  | { name: string; label: string; type: 'image' };

/** A stored item as the editor sees it: its id, its privacy flag and its other fields. */
export interface EditableItem {
  id: string;
  privacy: boolean;
  [field: string]: unknown;
}

export interface ItemsConfig {
  collection: ItemCollection;
  imageType: DataImageType;
  title: string;
  singular: string;
  addLabel: string;
  empty: string;
  deleteQuestion: string;
  fields: FieldSpec[];
  /** Initial values of a new item (besides privacy false). */
  defaults: Record<string, string>;
  /** The create request's schema (loaded when the form first validates). */
  schema: () => Promise<ZodType<Record<string, unknown>>>;
  /** The item's name in lists and in its controls' labels. */
  name: (item: EditableItem) => string;
  summary: (item: EditableItem) => string;
  items: (profile: ProfileData) => EditableItem[];
  added: string;
  updated: string;
  deleted: string;
  saveFailed: (message: string, isNew: boolean) => string;
  deleteFailed: (message: string) => string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

export const ITEMS: Record<ItemKind, ItemsConfig> = {
  projects: {
    collection: 'projects',
    imageType: 'projects',
    title: 'Manage Projects',
    singular: 'Project',
    addLabel: 'Add Project',
    empty: 'No projects uploaded yet.',
    deleteQuestion: 'Are you sure you want to delete this project?',
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea', required: true },
      { name: 'start_date', label: 'Start Date', type: 'date', required: true },
      { name: 'end_date', label: 'End Date', type: 'date', minFrom: 'start_date' },
      { name: 'project_url', label: 'Project URL', type: 'url', placeholder: 'https://…' },
      { name: 'project_image_url', label: 'Project Image', type: 'image' },
      { name: 'category', label: 'Category', type: 'select', options: PROJECT_CATEGORIES, emptyOption: 'Select a category' },
      { name: 'status', label: 'Status', type: 'select', options: PROJECT_STATUSES },
    ],
    defaults: { status: 'In Progress' },
    schema: () => import('@aesa/shared/schemas/profile').then((m) => m.projectCreateSchema),
    name: (item) => str(item.title) ?? '',
    summary: (item) => [str(item.status), dateRange(str(item.start_date), str(item.end_date))].filter(Boolean).join(' · '),
    items: (profile) => profile.user_project_collaborators.map((c) => c.user_projects as unknown as EditableItem).filter(Boolean),
    added: PROFILE_MSG.projectAdded,
    updated: PROFILE_MSG.projectUpdated,
    deleted: PROFILE_MSG.projectDeleted,
    saveFailed: (message) => `Error saving project: ${message}`,
    deleteFailed: (message) => `Failed to delete project: ${message}`,
  },
  achievements: {
    collection: 'achievements',
    imageType: 'achievements',
    title: 'Manage Achievements',
    singular: 'Achievement',
    addLabel: 'Add Achievement',
    empty: 'No achievements added yet.',
    deleteQuestion: 'Are you sure you want to delete this achievement?',
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'date_achieved', label: 'Date Achieved', type: 'date', required: true },
      { name: 'achievement_image_url', label: 'Achievement Image', type: 'image' },
    ],
    defaults: {},
    schema: () => import('@aesa/shared/schemas/profile').then((m) => m.achievementCreateSchema),
    name: (item) => str(item.title) ?? '',
    summary: (item) => fullDate(str(item.date_achieved)),
    items: (profile) => profile.user_achievements as unknown as EditableItem[],
    added: PROFILE_MSG.achievementAdded,
    updated: PROFILE_MSG.achievementUpdated,
    deleted: PROFILE_MSG.achievementDeleted,
    saveFailed: (message, isNew) => message || (isNew ? 'Failed to add achievement' : 'Failed to update achievement'),
    deleteFailed: (message) => message || 'Failed to delete achievement',
  },
  activities: {
    collection: 'volunteer-activities',
    imageType: 'volunteer-activities',
    title: 'Manage Volunteer Activities',
    singular: 'Volunteer Activity',
    addLabel: 'Add Volunteer Activity',
    empty: 'No volunteer activities added yet.',
    deleteQuestion: 'Are you sure you want to delete this volunteer activity?',
    fields: [
      { name: 'activity_name', label: 'Activity Name', type: 'text', required: true },
      { name: 'organization', label: 'Organization', type: 'text' },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'start_date', label: 'Start Date', type: 'date' },
      { name: 'end_date', label: 'End Date', type: 'date', minFrom: 'start_date' },
      { name: 'activity_image_url', label: 'Activity Image', type: 'image' },
    ],
    defaults: {},
    schema: () => import('@aesa/shared/schemas/profile').then((m) => m.activityCreateSchema),
    name: (item) => str(item.activity_name) ?? '',
    summary: (item) => [str(item.organization), dateRange(str(item.start_date), str(item.end_date))].filter(Boolean).join(' · '),
    items: (profile) => profile.user_volunteer_activities as unknown as EditableItem[],
    added: PROFILE_MSG.activityAdded,
    updated: PROFILE_MSG.activityUpdated,
    deleted: PROFILE_MSG.activityDeleted,
    saveFailed: (message, isNew) => message || (isNew ? 'Failed to add volunteer activity' : 'Failed to update volunteer activity'),
    deleteFailed: (message) => message || 'Failed to delete volunteer activity',
  },
};

/** The form's text values for an item (or a new one). */
export function formValues(config: ItemsConfig, item: EditableItem | null): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of config.fields) {
    const stored = item ? str(item[field.name]) : null;
    values[field.name] = stored ?? config.defaults[field.name] ?? '';
  }
  return values;
}

/**
 * The body to send: empty optional fields are sent as absent. When editing, an
 * optional field the member emptied is sent as null, so that the stored value is cleared.
 */
export function itemBody(
  config: ItemsConfig,
  values: Record<string, string>,
  privacy: boolean,
  original: EditableItem | null,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of config.fields) {
    const value = (values[field.name] ?? '').trim();
    if (value) body[field.name] = value;
    else if (original && str(original[field.name])) body[field.name] = null;
  }
  body.privacy = privacy;
  return body;
}

/** The item form's values: the text of each field, and the privacy switch. */
export type ItemFormValues = Record<string, string | boolean>;

/**
 * What the item form checks: the body it would send, so the create request's own schema gives
 * its messages and paths, field by field (`toInput` of useZodForm).
 */
export function itemFormBody(config: ItemsConfig, item: EditableItem | null): (input: ItemFormValues) => Record<string, unknown> {
  return ({ privacy, ...values }) => itemBody(config, values as Record<string, string>, privacy === true, item);
}
