import type { AppConfig } from '../../config.ts';
import { dateTimeText } from '../../lib/date-text.ts';

// The texts of the e-mails about a member's sign-up for an event. Plain text, as every portal mail.

export type MailConfig = Pick<AppConfig, 'associationName' | 'publicUrl' | 'locale' | 'timeZone' | 'smtpUrl'>;

export interface EventFacts {
  id: string;
  title: string;
  event_date: Date;
  location: string;
}

const link = (config: MailConfig, id: string) => `${config.publicUrl}/events/${id}`;
const when = (config: MailConfig, e: EventFacts) => `When: ${dateTimeText(config, e.event_date)}\nWhere: ${e.location}`;
const footer = (config: MailConfig) =>
  `--\nYou receive this e-mail because you signed up for this event on the ${config.associationName} Portal. You can turn off event reminders and updates in Settings, under Notifications.`;

/** A waitlisted member got a place. */
export function placeMail(config: MailConfig, e: EventFacts) {
  return {
    subject: `You have a place at ${e.title}`,
    text: `Good news: a place opened up at ${e.title} and it is yours. You were on the waitlist and are now going.\n\n${when(config, e)}\n\nIf you can no longer come, say "Not going" on the event's page so the next member on the waitlist gets your place:\n${link(config, e.id)}\n\n${footer(config)}`,
  };
}

/** The day before. */
export function reminderMail(config: MailConfig, e: EventFacts) {
  return {
    subject: `Reminder: ${e.title} is tomorrow`,
    text: `This is a reminder that you are going to ${e.title}.\n\n${when(config, e)}\n\nIf you can no longer come, say "Not going" on the event's page so a member on the waitlist can have your place:\n${link(config, e.id)}\n\n${footer(config)}`,
  };
}

/** What changed about an event members signed up for, one sentence each. */
export interface EventChange {
  cancelled: boolean;
  postponed: boolean;
  /** Back to upcoming after being postponed or cancelled. */
  onAgain: boolean;
  newDate: boolean;
  newPlace: boolean;
}

export function changeMail(config: MailConfig, e: EventFacts, c: EventChange) {
  const lines: string[] = [];
  if (c.cancelled) lines.push(`${e.title} has been cancelled.`);
  if (c.postponed) lines.push(`${e.title} has been postponed. We will write again when it has a new date.`);
  if (c.onAgain) lines.push(`${e.title} is going ahead after all.`);
  if (c.newDate && !c.cancelled) lines.push(`It has a new date and time: ${dateTimeText(config, e.event_date)}.`);
  if (c.newPlace && !c.cancelled) lines.push(`It has moved to a new place: ${e.location}.`);
  const subject = c.cancelled ? `Cancelled: ${e.title}` : c.postponed ? `Postponed: ${e.title}` : `Changed: ${e.title}`;
  const tail = c.cancelled
    ? `There is nothing you need to do.`
    : `${when(config, e)}\n\nYour answer stays as it was. If you can no longer come, say "Not going" on the event's page:\n${link(config, e.id)}`;
  return { subject, text: `${lines.join(' ')}\n\n${tail}\n\n${footer(config)}` };
}
