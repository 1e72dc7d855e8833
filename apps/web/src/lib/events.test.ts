import { describe, expect, it } from 'vitest';
import { eventKind, eventPicture } from './events.ts';

describe('eventKind', () => {
  it('reads the kind from the words of the free-text type, in any case', () => {
    expect(eventKind('Workshop')).toBe('workshop');
    expect(eventKind('Drone build day')).toBe('workshop');
    expect(eventKind('WEBINAR')).toBe('webinar');
    expect(eventKind('Online talk')).toBe('webinar');
    expect(eventKind('Industry Visit')).toBe('visit');
    expect(eventKind('Hangar tour')).toBe('visit');
    expect(eventKind('Conference')).toBe('conference');
    expect(eventKind('Seminar')).toBe('conference');
    expect(eventKind('Social')).toBe('social');
    expect(eventKind('End of session dinner')).toBe('social');
  });

  it('calls a type that names no kind, a blank one or none "other"', () => {
    expect(eventKind('Competition')).toBe('other');
    expect(eventKind('Football tournament')).toBe('other');
    expect(eventKind('Meeting')).toBe('other');
    expect(eventKind('   ')).toBe('other');
    expect(eventKind(null)).toBe('other');
    expect(eventKind(undefined)).toBe('other');
  });
});

describe('eventPicture', () => {
  it('shows the flyer when there is one', () => {
    expect(eventPicture({ flyer_image_url: '/uploads/events/flyer.png', event_type: 'Workshop' })).toEqual({
      src: '/uploads/events/flyer.png',
      isFlyer: true,
    });
  });

  it('gives each kind its own drawing when there is no flyer', () => {
    const types = ['Workshop', 'Webinar', 'Industry Visit', 'Conference', 'Social', 'Meeting'];
    const pictures = types.map((event_type) => eventPicture({ flyer_image_url: null, event_type }));
    expect(pictures.every((p) => !p.isFlyer)).toBe(true);
    expect(new Set(pictures.map((p) => p.src)).size).toBe(types.length);
  });
});
