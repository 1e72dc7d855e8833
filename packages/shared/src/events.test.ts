import { describe, expect, it } from 'vitest';
import { shownEventStatus } from './events.ts';

describe('shownEventStatus', () => {
  const now = new Date('2026-04-01T12:00:00Z');
  const before = '2026-04-01T11:59:00Z';
  const after = '2026-04-01T12:01:00Z';

  it('an upcoming event whose time has passed is done; before that it is upcoming', () => {
    expect(shownEventStatus({ status: 'upcoming', event_date: after }, now)).toBe('upcoming');
    expect(shownEventStatus({ status: 'upcoming', event_date: before }, now)).toBe('done');
  });

  it('cancelled and postponed stay as set whatever the date; past reads as done', () => {
    for (const date of [before, after]) {
      expect(shownEventStatus({ status: 'cancelled', event_date: date }, now)).toBe('cancelled');
      expect(shownEventStatus({ status: 'postponed', event_date: date }, now)).toBe('postponed');
      expect(shownEventStatus({ status: 'past', event_date: date }, now)).toBe('done');
      expect(shownEventStatus({ status: 'done', event_date: date }, now)).toBe('done');
    }
  });
});
