import { EVENT_STATUSES } from '@aesa/shared/constants';
import { EVENT_STATUS_LABEL, type EventCreateInput, type EventItem, type EventStatus } from '@aesa/shared/events';
import { eventCreateSchema } from '@aesa/shared/schemas/events';
import { useId, useState } from 'react';
import { ImageUploadField } from '@/components/admin/image-upload-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormEditConflict } from '@/components/ui/edit-conflict.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field.tsx';
import { useZodForm } from '@/components/ui/form.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { DateTimeField } from '@/components/ui/date-time-field.tsx';
import { fromLocalInput, toLocalInput } from '@/lib/datetime-local.ts';
import { useVersionedEdit, type ConflictField } from '@/lib/edit-conflict.ts';
import { flash } from '@/lib/flash.ts';
import { formatDateTime } from '@/lib/format-date.ts';
import { createEvent, updateEvent, useEventMutation } from '../api/events-admin-api.ts';

const TYPE_SUGGESTIONS = ['Workshop', 'Webinar', 'Conference', 'Industry Visit', 'Seminar', 'Competition', 'Social', 'Meeting'];

/** The inputs as chosen; event_date is a wall time ('YYYY-MM-DDTHH:mm') in the association's zone. */
export type EventFormValues = {
  title: string;
  description: string;
  event_date: string;
  location: string;
  status: EventStatus;
  event_type: string;
  flyer_image_url: string;
  video_url: string;
  /** Whole number as typed; empty: no limit. */
  capacity: string;
  rsvp_open: boolean;
};

/** An empty form: upcoming is the default status. */
export const EMPTY_EVENT: EventFormValues = {
  title: '',
  description: '',
  event_date: '',
  location: '',
  status: EVENT_STATUSES[0],
  event_type: '',
  flyer_image_url: '',
  video_url: '',
  capacity: '',
  rsvp_open: true,
};

/** An event as the form shows it: its time in the browser's zone, empty text for missing fields. */
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
    capacity: event.capacity === null ? '' : String(event.capacity),
    rsvp_open: event.rsvp_open,
  };
}

/** The fields the conflict screen compares, in the form's order. */
function conflictFields(): ConflictField<EventFormValues>[] {
  const showDate = (v: string) => formatDateTime(v);
  return [
    { key: 'title', label: 'Title' },
    { key: 'description', label: 'Description' },
    { key: 'event_date', label: 'Event date and time', show: (v) => (v ? showDate(fromLocalInput(String(v)) ?? String(v)) : '—') },
    { key: 'location', label: 'Location' },
    { key: 'status', label: 'Status', show: (v) => EVENT_STATUS_LABEL[v as EventStatus] ?? String(v) },
    { key: 'event_type', label: 'Event type' },
    { key: 'flyer_image_url', label: 'Flyer' },
    { key: 'video_url', label: 'Video URL' },
    { key: 'capacity', label: 'Capacity', show: (v) => (v === '' ? 'No limit' : String(v)) },
    { key: 'rsvp_open', label: 'Sign-ups open', show: (v) => (v ? 'Open' : 'Closed') },
  ];
}

/** Empty capacity is no limit; anything else goes as a number (or as typed, to be refused). */
function capacityInput(typed: string): number | string | null {
  const text = typed.trim();
  if (text === '') return null;
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** What the route's schema is given: the datetime-local value as an ISO instant and the capacity as a number (anything else as typed, to be refused). */
export const eventFormInput = (values: EventFormValues) => ({
  ...values,
  event_date: fromLocalInput(values.event_date) ?? values.event_date,
  capacity: capacityInput(values.capacity),
});

/**
 * The event form: Create Event, or Edit Event when given one. Title, description,
 * event date and location are required; status, type, flyer, video and capacity are optional,
 * and sign-ups are open unless closed here. Checked
 * with the route's own schema (eventCreateSchema).
 */
export function EventForm({ event, onSaved, onCancel }: { event: EventItem | null; onSaved: () => void; onCancel: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const typesId = useId();
  const form = useZodForm<EventFormValues, EventCreateInput>(eventCreateSchema, {
    defaultValues: event ? eventToForm(event) : EMPTY_EVENT,
    toInput: eventFormInput,
  });
  const [uploading, setUploading] = useState(false);
  // An edit saves from the version it read; a stale save shows the conflict screen (decision 054).
  const edit = useVersionedEdit(event);
  const save = useEventMutation(({ input, version }: { input: EventCreateInput; version?: number }) =>
    event && version !== undefined ? updateEvent(event.id, version, input) : createEvent(input),
  );

  const send = (input: EventCreateInput, version: number | undefined) =>
    save.mutate(
      { input, version },
      {
        onSuccess: (res) => {
          flash.success(event ? 'Event updated' : 'Event created');
          if (!event) form.reset(EMPTY_EVENT);
          else edit.saved(res.event);
          onSaved();
        },
        onError: (error) => {
          if (edit.caught(error) || form.showRefusal(error)) return;
          void alertFailure(error, (m) => (event ? `Error updating event: ${m}` : `Error creating event: ${m}`));
        },
      },
    );
  const onSubmit = form.handleSubmit((input) => send(input, edit.version));
  const applyMine = form.handleSubmit((input) => send(input, edit.applyMine()));
  const reload = () => {
    const current = edit.reload();
    if (current) form.reset(eventToForm(current));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold text-navy-900">{event ? 'Edit Event' : 'Create Event'}</h2>
      <FormEditConflict edit={edit} fields={conflictFields()} valuesOf={eventToForm} mine={form.getValues} onReload={reload} onApplyMine={() => void applyMine()} busy={save.isPending} />
      <TextField label="Title" required maxLength={200} {...form.field('title')} />
      <TextAreaField label="Description" required rows={5} maxLength={5000} {...form.field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <DateTimeField form={form} name="event_date" label="Event date and time" required />
        <TextField label="Location" required maxLength={200} {...form.field('location')} />
        <SelectField label="Status" {...form.field('status')}>
          {EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {EVENT_STATUS_LABEL[s]}
            </option>
          ))}
        </SelectField>
        <div>
          <TextField label="Event type" hint="Optional, e.g. Workshop or Webinar" list={typesId} maxLength={60} {...form.field('event_type')} />
          <datalist id={typesId}>
            {TYPE_SUGGESTIONS.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
        </div>
      </div>
      <ImageUploadField
        label="Flyer"
        type="event"
        value={form.watch('flyer_image_url')}
        onChange={(url) => form.setValue('flyer_image_url', url, { shouldValidate: form.formState.isSubmitted })}
        onBusyChange={setUploading}
        allowUrl
        urlLabel="Or flyer image URL"
        error={form.errorOf('flyer_image_url')}
      />
      <TextField
        label="Video URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Optional: a recording or livestream link"
        {...form.field('video_url')}
      />
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-navy-900">Sign-ups</legend>
        <TextField
          label="Capacity"
          inputMode="numeric"
          placeholder="No limit"
          hint="How many members can come. Leave empty for no limit; beyond it members join a waitlist."
          {...form.field('capacity')}
        />
        <Switch
          className="sm:mt-7"
          label="Sign-ups open"
          description="When off, members can no longer say they are going (they can still say they are not)."
          checked={form.watch('rsvp_open')}
          onChange={(on) => form.setValue('rsvp_open', on, { shouldDirty: true })}
        />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || uploading}>
          {save.isPending ? 'Saving...' : event ? 'Save Changes' : 'Create Event'}
        </Button>
      </div>
    </form>
  );
}
