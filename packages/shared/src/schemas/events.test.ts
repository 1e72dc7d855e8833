import { describe, expect, it } from 'vitest';
import { EVENT_MSG, isHttpUrl, isImageLink } from '../events.ts';
import { eventCreateSchema, eventUpdateSchema } from './events.ts';
import { firstMessages as messages } from '../testing/form-messages.ts';

const valid = { title: ' Drone Build Day ', description: 'Build and fly.', event_date: '2025-05-02T09:00:00.000Z', location: 'Workshop' };

describe('the event form and routes', () => {
  it('requires title, description, event date and location', () => {
    expect(messages(eventCreateSchema.safeParse({ title: '', description: ' ', event_date: '', location: '' }))).toEqual({
      title: EVENT_MSG.titleRequired,
      description: EVENT_MSG.descriptionRequired,
      event_date: EVENT_MSG.dateRequired,
      location: EVENT_MSG.locationRequired,
    });
    expect(messages(eventCreateSchema.safeParse({ ...valid, event_date: '2025-05-02T10:00' }))).toEqual({ event_date: EVENT_MSG.dateInvalid });
  });

  it('defaults the status to upcoming and keeps type, flyer and video optional (empty is none)', () => {
    expect(eventCreateSchema.parse({ ...valid, event_type: '', flyer_image_url: '', video_url: '' })).toMatchObject({
      title: 'Drone Build Day',
      status: 'upcoming',
      event_type: null,
      flyer_image_url: null,
      video_url: null,
    });
  });

  it('takes a flyer that is an upload or an http(s) address, and names the flyer when refusing', () => {
    for (const flyer_image_url of ['/uploads/event/a.webp', 'https://example.org/f.png', 'http://example.org/f.png']) {
      expect(eventCreateSchema.safeParse({ ...valid, flyer_image_url }).success, flyer_image_url).toBe(true);
    }
    for (const flyer_image_url of ['javascript:alert(1)', '/uploads/../secret', 'flyer.png', 'ftp://x/f.png', 'data:image/png;base64,AAAA']) {
      expect(messages(eventCreateSchema.safeParse({ ...valid, flyer_image_url })), flyer_image_url).toEqual({ flyer_image_url: EVENT_MSG.flyerUrlInvalid });
    }
  });

  it('takes a video that is an http(s) address, and says it is the video that is wrong', () => {
    expect(EVENT_MSG.videoUrlInvalid).toMatch(/video URL/);
    expect(eventCreateSchema.parse({ ...valid, video_url: 'https://example.com/recording' }).video_url).toBe('https://example.com/recording');
    for (const video_url of ['ftp://files.example.org/v.mp4', 'not a link', 'javascript:alert(1)', '/uploads/event/v.mp4', 'https://']) {
      expect(messages(eventUpdateSchema.safeParse({ video_url })), video_url).toEqual({ video_url: EVENT_MSG.videoUrlInvalid });
    }
  });

  it('previews only what can be an image link', () => {
    expect(isImageLink('/uploads/event/a.webp')).toBe(true);
    expect(isImageLink('https://example.org/a.png')).toBe(true);
    for (const bad of ['', 'h', 'https:', 'example.org/a.png', 'javascript:alert(1)', '/uploads/../x']) expect(isImageLink(bad), bad).toBe(false);
    expect(isHttpUrl('https://example.org')).toBe(true);
  });

  it('refuses an empty update', () => {
    expect(messages(eventUpdateSchema.safeParse({}))).toEqual({ '': EVENT_MSG.nothingToUpdate });
  });
});
