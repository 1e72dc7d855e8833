import { EVENT_STATUSES } from '@aesa/shared/constants';
import type { EventItem, EventStatus } from '@aesa/shared/events';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ImageUploadField } from '@/components/admin/image-upload-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SelectField, TextAreaField, TextField } from '@/components/ui/field.tsx';
import { useAdminDialogs } from '@/lib/admin-messages.ts';
import { flash } from '@/lib/flash.ts';
import { focusFirstInvalid } from '@/lib/form-errors.ts';
import { createEvent, updateEvent, useEventMutation } from '../api/events-admin-api.ts';
import { EMPTY_EVENT, type EventFormField, type EventFormValues, STATUS_LABEL, eventToForm, validateEventForm } from '../lib/event-form.ts';

const TYPE_SUGGESTIONS = ['Workshop', 'Webinar', 'Conference', 'Industry Visit', 'Seminar', 'Competition', 'Social', 'Meeting'];

/** The event form (spec 02 §5): Create Event, or Edit Event when given one. */
export function EventForm({ event, onSaved, onCancel }: { event: EventItem | null; onSaved: () => void; onCancel: () => void }) {
  const { alertFailure } = useAdminDialogs();
  const formRef = useRef<HTMLFormElement>(null);
  const typesId = useId();
  const [values, setValues] = useState<EventFormValues>(event ? eventToForm(event) : EMPTY_EVENT);
  const [errors, setErrors] = useState<Partial<Record<EventFormField, string>>>({});
  const [uploading, setUploading] = useState(false);
  const save = useEventMutation((input: Parameters<typeof createEvent>[0]) => (event ? updateEvent(event.id, input) : createEvent(input)));

  function update<K extends EventFormField>(field: K, value: EventFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const result = validateEventForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    save.mutate(result.input, {
      onSuccess: () => {
        flash.success(event ? 'Event updated' : 'Event created');
        if (!event) setValues(EMPTY_EVENT);
        onSaved();
      },
      onError: (error) => alertFailure(error, (m) => (event ? `Error updating event: ${m}` : `Error creating event: ${m}`)),
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="max-w-3xl space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-bold text-navy-900">{event ? 'Edit Event' : 'Create Event'}</h2>
      <TextField label="Title" required maxLength={200} value={values.title} onChange={(e) => update('title', e.target.value)} error={errors.title} />
      <TextAreaField
        label="Description"
        required
        rows={5}
        maxLength={5000}
        value={values.description}
        onChange={(e) => update('description', e.target.value)}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Event date and time"
          type="datetime-local"
          required
          value={values.event_date}
          onChange={(e) => update('event_date', e.target.value)}
          error={errors.event_date}
        />
        <TextField
          label="Location"
          required
          maxLength={200}
          value={values.location}
          onChange={(e) => update('location', e.target.value)}
          error={errors.location}
        />
        <SelectField label="Status" value={values.status} onChange={(e) => update('status', e.target.value as EventStatus)}>
          {EVENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </SelectField>
        <div>
          <TextField
            label="Event type"
            hint="Optional, e.g. Workshop or Webinar"
            list={typesId}
            maxLength={60}
            value={values.event_type}
            onChange={(e) => update('event_type', e.target.value)}
          />
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
        value={values.flyer_image_url}
        onChange={(url) => update('flyer_image_url', url)}
        onBusyChange={setUploading}
        allowUrl
        urlLabel="Or flyer image URL"
        error={errors.flyer_image_url}
      />
      <TextField
        label="Video URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="Optional: a recording or livestream link"
        value={values.video_url}
        onChange={(e) => update('video_url', e.target.value)}
        error={errors.video_url}
      />
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
