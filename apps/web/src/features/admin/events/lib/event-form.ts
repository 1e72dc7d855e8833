import { EVENT_MSG, type EventCreateInput, type EventItem, type EventStatus } from '@aesa/shared/events';
import { EVENT_STATUSES } from '@aesa/shared/constants';
import { fromLocalInput, toLocalInput } from '@/lib/datetime-local.ts';

export interface EventFormValues {
  title: string;
  description: string;
  /** datetime-local value, in the site's time zone (lib/datetime-local.ts). */
  event_date: string;
  location: string;
  status: EventStatus;
  event_type: string;
  flyer_image_url: string;
  video_url: string;
}

export type EventFormField = keyof EventFormValues;

export const EMPTY_EVENT: EventFormValues = {
  title: '',
  description: '',
  event_date: '',
  location: '',
  // Spec 02 §4: upcoming is the default.
  status: EVENT_STATUSES[0],
  event_type: '',
  flyer_image_url: '',
  video_url: '',
};

export const STATUS_LABEL: Record<EventStatus, string> = {
  upcoming: 'Upcoming',
  done: 'Done',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
  past: 'Past',
};

export function eventToForm(event: EventItem): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    event_date: toLocalInput(event.event_date),
    location: event.location,
    status: event.status,
    event_type: event.event_type ?? '',
    flyer_image_url: event.flyer_image_url ?? '',
    video_url: event.video_url ?? '',
  };
}

/** An http(s) address or one of the site's uploads (/uploads/...); the server checks the same. */
function isLink(value: string): boolean {
  if (/^\/uploads\/[A-Za-z0-9/_.-]+$/.test(value) && !value.includes('..')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The event form's rules (spec 02 §5): title, description, event date and location are required;
 * status, type, flyer and video are optional, and the two addresses must be links.
 */
export function validateEventForm(values: EventFormValues) {
  const errors: Partial<Record<EventFormField, string>> = {};
  if (!values.title.trim()) errors.title = EVENT_MSG.titleRequired;
  if (!values.description.trim()) errors.description = EVENT_MSG.descriptionRequired;
  const date = fromLocalInput(values.event_date);
  if (!values.event_date.trim()) errors.event_date = EVENT_MSG.dateRequired;
  else if (!date) errors.event_date = 'Please enter a valid date and time';
  if (!values.location.trim()) errors.location = EVENT_MSG.locationRequired;
  const flyer = values.flyer_image_url.trim();
  if (flyer && !isLink(flyer)) errors.flyer_image_url = EVENT_MSG.urlInvalid('Flyer image URL');
  const video = values.video_url.trim();
  if (video && !isLink(video)) errors.video_url = EVENT_MSG.urlInvalid('Video URL');
  if (Object.keys(errors).length > 0 || !date) return { ok: false as const, errors };
  const input: EventCreateInput = {
    title: values.title.trim(),
    description: values.description.trim(),
    event_date: date,
    location: values.location.trim(),
    status: values.status,
    event_type: values.event_type.trim() || null,
    flyer_image_url: flyer || null,
    video_url: video || null,
  };
  return { ok: true as const, input };
}
