// Sign-ups for events (RSVP): the answers, what they lead to, and the texts the server and the
// screens share. The zod schemas (requests and answers) are in schemas/rsvp.ts.

export const RSVP_ANSWERS = ['going', 'not_going'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
/** Going with a place, going but waiting for a place, or not going. */
export const RSVP_STATUSES = ['going', 'waitlisted', 'not_going'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** The largest capacity an event may have (a stadium, not a typo of a few more zeros). */
export const CAPACITY_MAX = 100_000;

/** Events whose status lets members answer: the others are over or called off. */
export const RSVP_EVENT_STATUSES = ['upcoming', 'postponed'] as const;

/**
 * The answer panel's words as a visitor reads them: a heading, then "Log in" (a link) and the rest
 * of the sentence. The screens and the events list the server draws before any script share them.
 */
export const RSVP_VISITOR_TEXT = {
  heading: 'Are you going?',
  /** The panel's name: a list holds one per event. */
  label: (title: string) => `Are you going to ${title}?`,
  logIn: 'Log in',
  /** Read after "Log in" by screen readers only. */
  logInFor: (title: string) => ` to answer for ${title}`,
  rest: 'to say whether you are going.',
};

/** Whether members may answer for an event at `now`: upcoming and not yet begun, or postponed (it has no date to pass). */
export function takesRsvpAnswers(event: { status: string; event_date: string | Date }, now: Date): boolean {
  if (!(RSVP_EVENT_STATUSES as readonly string[]).includes(event.status)) return false;
  return event.status === 'postponed' || new Date(event.event_date).getTime() > now.getTime();
}

export const RSVP_MSG = {
  answerInvalid: 'Answer must be going or not_going',
  capacityInvalid: `Capacity must be a whole number from 1 to ${CAPACITY_MAX}, or empty for no limit`,
  rsvpOpenInvalid: 'rsvp_open must be true or false',
  closed: 'Sign-ups for this event are closed. You can still say you are not going.',
  cancelled: 'This event is cancelled: it takes no answers.',
  over: 'This event is over: it takes no answers.',
  eventRequired: 'Choose the event to export.',
} as const;

/** The labels members and officers see for each status. */
export const RSVP_STATUS_LABEL: Record<RsvpStatus, string> = {
  going: 'Going',
  waitlisted: 'On the waitlist',
  not_going: 'Not going',
};

/** The reminder is queued this long before the event starts. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

export type { RsvpInput, RsvpState, RsvpResponse, AttendeeRow, AttendeesResponse, SignUps } from './schemas/rsvp.ts';
