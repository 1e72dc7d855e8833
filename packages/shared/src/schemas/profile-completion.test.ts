import { describe, expect, it } from 'vitest';
import { ENROLLMENT_YEARS } from '../constants.ts';
import { MSG } from '../messages.ts';
import { COMPLETE_PROFILE_MSG, PROFILE_MSG, isProfileComplete } from '../profile.ts';
import { levelYearChoiceSchema, profileCompletionSchema, profileUpdateSchema } from './profile.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
const thisYear = new Date().getUTCFullYear();

describe('completing the profile', () => {
  it('needs a name, a level from the list and one of the years offered, each with its own message', () => {
    expect(messages(profileCompletionSchema.safeParse({ name: ' ', current_level: '', enrollment_year: '' }))).toEqual({
      name: MSG.nameRequired,
      current_level: COMPLETE_PROFILE_MSG.levelRequired,
      enrollment_year: COMPLETE_PROFILE_MSG.yearRequired,
    });
    expect(messages(profileCompletionSchema.safeParse({ name: 'Ada', current_level: '700 Level', enrollment_year: String(ENROLLMENT_YEARS[0]! - 1) }))).toEqual({
      current_level: COMPLETE_PROFILE_MSG.levelRequired,
      enrollment_year: COMPLETE_PROFILE_MSG.yearNotOffered,
    });
  });

  it('gives the PATCH /profile/me body: the name trimmed, the year a number', () => {
    expect(profileCompletionSchema.parse({ name: ' Ada Obi ', current_level: 'Alumni', enrollment_year: String(thisYear) })).toEqual({
      name: 'Ada Obi',
      current_level: 'Alumni',
      enrollment_year: thisYear,
    });
    expect(profileUpdateSchema.safeParse(profileCompletionSchema.parse({ name: 'A', current_level: '100 Level', enrollment_year: ENROLLMENT_YEARS[0] })).success).toBe(true);
  });

  it('is complete with all three only', () => {
    expect(isProfileComplete({ name: 'Ada', current_level: '100 Level', enrollment_year: 2024 })).toBe(true);
    expect(isProfileComplete({ name: '  ', current_level: '100 Level', enrollment_year: 2024 })).toBe(false);
    expect(isProfileComplete({ name: 'Ada', current_level: null, enrollment_year: 2024 })).toBe(false);
    expect(isProfileComplete({ name: 'Ada', current_level: '100 Level', enrollment_year: null })).toBe(false);
  });
});

describe('the enrolment year of a profile update', () => {
  it('is a past or present year; a future one is refused with its message', () => {
    expect(profileUpdateSchema.safeParse({ enrollment_year: thisYear }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ enrollment_year: 2001 }).success).toBe(true);
    expect(messages(profileUpdateSchema.safeParse({ enrollment_year: thisYear + 1 }))).toEqual({ enrollment_year: PROFILE_MSG.yearInFuture });
    expect(messages(profileUpdateSchema.safeParse({ enrollment_year: 20 }))).toEqual({ enrollment_year: PROFILE_MSG.yearInvalid });
  });
});

describe("the settings' level and year", () => {
  it('clears with nothing chosen, and reads a chosen year as a number', () => {
    expect(levelYearChoiceSchema.parse({ current_level: '', enrollment_year: '' })).toEqual({ current_level: null, enrollment_year: null });
    expect(levelYearChoiceSchema.parse({ current_level: '300 Level', enrollment_year: String(thisYear) })).toEqual({ current_level: '300 Level', enrollment_year: thisYear });
    expect(messages(levelYearChoiceSchema.safeParse({ current_level: 'Fresher' }))).toEqual({ current_level: PROFILE_MSG.levelInvalid });
  });
});
