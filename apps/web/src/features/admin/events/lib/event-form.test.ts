import { EVENT_MSG } from '@aesa/shared/events';
import { describe, expect, it } from 'vitest';
import { toLocalInput } from '@/lib/datetime-local.ts';
import { EMPTY_EVENT, eventToForm, validateEventForm } from './event-form.ts';

const valid = {
  ...EMPTY_EVENT,
  title: ' Drone Build Day ',
  description: 'Build and fly.',
  event_date: '2025-05-02T10:00',
  location: 'Workshop',
};

describe('event form (spec 02 §5)', () => {
  it('defaults the status to upcoming', () => {
    expect(EMPTY_EVENT.status).toBe('upcoming');
  });

  it('requires title, description, event date and location', () => {
    const result = validateEventForm(EMPTY_EVENT);
    expect(result).toEqual({
      ok: false,
      errors: {
        title: EVENT_MSG.titleRequired,
        description: EVENT_MSG.descriptionRequired,
        event_date: EVENT_MSG.dateRequired,
        location: EVENT_MSG.locationRequired,
      },
    });
  });

  it('keeps status, type, flyer and video optional; empty ones are sent as null', () => {
    const result = validateEventForm(valid);
    if (!result.ok) throw new Error('expected valid');
    expect(result.input).toMatchObject({
      title: 'Drone Build Day',
      status: 'upcoming',
      event_type: null,
      flyer_image_url: null,
      video_url: null,
    });
    expect(toLocalInput(result.input.event_date)).toBe('2025-05-02T10:00');
  });

  it('accepts http(s) addresses and the site uploads, and refuses anything else', () => {
    const ok = validateEventForm({ ...valid, flyer_image_url: '/uploads/event/a.webp', video_url: 'https://example.com/v' });
    expect(ok.ok).toBe(true);
    const bad = validateEventForm({ ...valid, flyer_image_url: 'javascript:alert(1)', video_url: 'ftp://x' });
    expect(bad).toEqual({
      ok: false,
      errors: { flyer_image_url: EVENT_MSG.urlInvalid('Flyer image URL'), video_url: EVENT_MSG.urlInvalid('Video URL') },
    });
    expect(validateEventForm({ ...valid, flyer_image_url: '/uploads/../secret' }).ok).toBe(false);
  });

  it('turns an event back into form values (local time, empty text for missing fields)', () => {
    const values = eventToForm({
      id: '1',
      title: 'Talk',
      description: 'd',
      event_date: '2025-05-02T09:00:00.000Z',
      location: 'Hall',
      flyer_image_url: null,
      video_url: null,
      status: 'postponed',
      event_type: null,
      created_at: '2025-01-01T00:00:00.000Z',
    });
    expect(values).toMatchObject({ status: 'postponed', event_type: '', flyer_image_url: '', video_url: '' });
    expect(values.event_date).toBe(toLocalInput('2025-05-02T09:00:00.000Z'));
  });
});
