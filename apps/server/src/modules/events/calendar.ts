import { EVENT_STATUS_LABEL, type EventStatus } from '@aesa/shared/events';

// iCalendar (RFC 5545) files of events: one event's "Add to calendar" file and the feed members
// subscribe to. Written here rather than through a library because the part we need is small:
// text escaping, line folding and a handful of properties (decision 061).
//
// - Times are UTC ("…Z"): the instant is exact whatever zone the reader's calendar is in, and no
//   VTIMEZONE has to be kept in step with the zone database.
// - UID is "<event id>@<public host name>": the same event keeps it in every file and every feed
//   refresh, so a calendar updates the entry instead of adding a second one.
// - SEQUENCE is the number of changes made to the event (its edit version less one), so it grows
//   with every postponement, move or edit and a subscriber's calendar takes the newer copy.
// - An event has one moment, its start; no DTEND is written, so the entry ends when it starts.

export interface CalendarEvent {
  id: string;
  title: string;
  description: string;
  location: string;
  event_date: Date;
  status: EventStatus;
  /** The edit version (1 when created, raised by every change). */
  version: number;
}

export interface CalendarContext {
  /** The site's public address (PUBLIC_URL): the host of every UID, the base of every URL. */
  publicUrl: string;
  /** The site's name ("AESA Portal"): the calendar's maker (PRODID). */
  site: string;
  /** The calendar's name in the subscriber's list. */
  name: string;
  /** When the file is made: DTSTAMP (METHOD:PUBLISH). */
  now: Date;
  /** The event page's address. */
  pageUrl: (id: string) => string;
}

const CRLF = '\r\n';
/** A content line is at most 75 octets, the line break excluded (RFC 5545 §3.1). */
const LINE_OCTETS = 75;

/** A TEXT value (§3.3.11): backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function escapeText(value: string): string {
  const escaped = value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
  return [...escaped].filter((c) => !isControl(c)).join('');
}

/** A control character TEXT may not hold (tab is allowed). */
const isControl = (c: string) => {
  const code = c.codePointAt(0)!;
  return (code < 0x20 && c !== '\t') || code === 0x7f;
};

/**
 * Folds a content line into lines of at most 75 octets: each continuation line starts with one
 * space (§3.1). A character is never split, so a UTF-8 sequence (an emoji) stays whole; nor is an
 * escape (a backslash and the character after it), which the standard allows but lenient readers misread.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const [char] of line.matchAll(/\\.|[\s\S]/gu)) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** 20260314T090000Z */
export function utcDateTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** What the calendar shows for each status: a cancelled event is CANCELLED, a postponed one TENTATIVE. */
const ICAL_STATUS: Record<EventStatus, 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'> = {
  upcoming: 'CONFIRMED',
  done: 'CONFIRMED',
  past: 'CONFIRMED',
  postponed: 'TENTATIVE',
  cancelled: 'CANCELLED',
};

function vevent(event: CalendarEvent, context: CalendarContext): string[] {
  const host = new URL(context.publicUrl).hostname;
  // Calendars that ignore STATUS still show the change in the title.
  const changed = event.status === 'postponed' || event.status === 'cancelled';
  const summary = changed ? `${EVENT_STATUS_LABEL[event.status]}: ${event.title}` : event.title;
  return [
    'BEGIN:VEVENT',
    `UID:${event.id}@${host}`,
    `DTSTAMP:${utcDateTime(context.now)}`,
    `DTSTART:${utcDateTime(event.event_date)}`,
    `SEQUENCE:${Math.max(0, event.version - 1)}`,
    `STATUS:${ICAL_STATUS[event.status]}`,
    `SUMMARY:${escapeText(summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${context.pageUrl(event.id)}`,
    'END:VEVENT',
  ];
}

/** A whole iCalendar object with one VEVENT per event, CRLF line breaks and folded lines. */
export function calendarFile(events: readonly CalendarEvent[], context: CalendarContext): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(context.site)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(context.name)}`,
    `X-WR-CALNAME:${escapeText(context.name)}`,
    // How often a subscribed calendar should fetch the feed again (RFC 7986; Outlook's own word).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...events.flatMap((event) => vevent(event, context)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A file name for one event's download: its title in plain letters, or "event". */
export function calendarFileName(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${stem || 'event'}.ics`;
}
