import ICAL from 'ical.js';

/** One VEVENT as Mozilla's iCalendar parser (ical.js) reads it. */
export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  location: string;
  start: Date;
  sequence: number;
  status: string | null;
  dtstamp: Date | null;
  url: string | null;
}

/** Parses an iCalendar text with ical.js (which throws on a malformed file) into its VCALENDAR's events. */
export function parseCalendar(text: string): { name: string | null; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error(`not a VCALENDAR: ${calendar.name}`);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const dtstamp = vevent.getFirstPropertyValue('dtstamp');
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      location: event.location,
      start: event.startDate.toJSDate(),
      sequence: event.sequence,
      status: (vevent.getFirstPropertyValue('status') as string | null) ?? null,
      dtstamp: dtstamp instanceof ICAL.Time ? dtstamp.toJSDate() : null,
      url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
    };
  });
  return { name: (calendar.getFirstPropertyValue('name') as string | null) ?? null, events };
}

/** The content lines of the raw file: every break must be CRLF and each line at most 75 octets. */
export function rawLines(text: string): string[] {
  if (!text.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  return text.slice(0, -2).split('\r\n');
}
