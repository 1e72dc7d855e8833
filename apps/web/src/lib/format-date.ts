import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from '@aesa/shared/date-format';
import { type DateSettings, type DateStyle, type DateValue, dateText, toDate, yearText, zoneNameText } from '@aesa/shared/date-text';

// Every date and time the pages show, in one place: the association's locale and time zone
// (LOCALE and TIME_ZONE on the server, sent by GET /api/config; decision 026), never the
// device's, so a deadline reads the same to every member and matches the server's e-mails.
// The admin forms' date and time input (components/ui/date-time-field.tsx) reads in the same zone.

export type { DateSettings };

export const DEFAULT_DATE_SETTINGS: DateSettings = { locale: DEFAULT_LOCALE, timeZone: DEFAULT_TIME_ZONE };

let current: DateSettings = DEFAULT_DATE_SETTINGS;

/**
 * Called once the site's configuration has arrived (lib/site-config.ts); until then the defaults
 * hold here. Screens format through useDateFormat(), which shows no date before it arrives.
 */
export function setDateSettings(settings: DateSettings): void {
  current = settings;
}

export function dateSettings(): DateSettings {
  return current;
}

type Value = DateValue;

const format = (style: DateStyle) => (value: Value, settings: DateSettings = current) => dateText(style, value, settings);

/** '14 Mar 2025' on the site's calendar; '' when missing or not a date. */
export const formatDate = format('date');
/** 'Fri 14 Mar 2025'. */
export const formatWeekdayDate = format('weekdayDate');
/** '14 Mar 2025, 10:00' on the site's clock. */
export const formatDateTime = format('dateTime');
/** '10:00'. */
export const formatTime = format('time');
/** '2025'. */
export const formatYear = (value: Value, settings: DateSettings = current) => yearText(value, settings);

/** The zone's short name at that moment ('WAT', 'GMT+1'), so a time read far away says whose clock it is on. */
export function formatZoneName(value: Value, settings: DateSettings = current): string {
  return zoneNameText(value, settings);
}

// A calendar date without a time ('2024-03-15': a project's start, an achievement's day) names the
// same day everywhere: it is shown as written, in the site's locale, never moved by a zone.
const calendarDay = (value: string | null | undefined): Date | null => {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};
const formatCalendar = (style: DateStyle) => (value: string | null | undefined, settings: DateSettings = current) => {
  const date = calendarDay(value);
  if (!date) return value ?? '';
  return dateText(style, date, { locale: settings.locale, timeZone: 'UTC' });
};

/** '15 Mar 2024' from '2024-03-15'; the text itself when it is not a date. */
export const formatCalendarDate = formatCalendar('date');
/** 'Mar 2024' from '2024-03-15'; the text itself when it is not a date. */
export const formatCalendarMonth = formatCalendar('monthYear');

// ---------------------------------------------------------------------------------------------
// Wall-clock times in the site's zone, the values of the date and time input ('YYYY-MM-DDTHH:mm', 'YYYY-MM-DD').

const pad = (n: number) => String(n).padStart(2, '0');

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar fields of an instant on the zone's clock. */
function wallClock(date: Date, timeZone: string) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's clock is ahead of UTC at this instant, in ms. */
function offsetAt(date: Date, timeZone: string): number {
  const w = wallClock(date, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The instant at which the zone's clock shows this wall time. Around a daylight-saving change the
 * offset is read again at the first guess, so the answer lands on the right side of it.
 */
export function zonedWallTimeToInstant(wall: { year: number; month: number; day: number; hour: number; minute: number; second?: number; ms?: number }, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0, wall.ms ?? 0);
  const first = asUtc - offsetAt(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetAt(new Date(first), timeZone));
}

/** An instant → 'YYYY-MM-DDTHH:mm' on the site's clock ('' when missing or invalid). */
export function toWallTimeInput(value: Value, settings: DateSettings = current): string {
  const date = toDate(value);
  if (!date) return '';
  const w = wallClock(date, settings.timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** 'YYYY-MM-DDTHH:mm' on the site's clock → ISO instant; null when empty or not a date. */
export function fromWallTimeInput(value: string, settings: DateSettings = current): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number | undefined];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return zonedWallTimeToInstant({ year, month, day, hour, minute, second: second || 0 }, settings.timeZone).toISOString();
}

/** A day picked in <input type="date"> ('YYYY-MM-DD') → the instant it starts or ends on the site's calendar. */
export function dayEdge(value: string, edge: 'start' | 'end', settings: DateSettings = current): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const wall = edge === 'start' ? { hour: 0, minute: 0, second: 0, ms: 0 } : { hour: 23, minute: 59, second: 59, ms: 999 };
  return zonedWallTimeToInstant({ year, month, day, ...wall }, settings.timeZone).toISOString();
}
