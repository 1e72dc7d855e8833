// A moment as the pages show it, in a given locale and zone. The web app formats every date
// through these (apps/web/src/lib/format-date.ts binds them to the site's settings), and the
// server writes an event's time into its prerendered page with the same ones, so the text drawn
// before any script equals the text the app draws once it runs.

import { ENGLISH_LOCALE } from './date-format.ts';

export interface DateSettings {
  locale: string;
  timeZone: string;
}

export const DATE_STYLES = {
  /** 14 Mar 2025 */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** Fri 14 Mar 2025 */
  weekdayDate: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** 14 Mar 2025, 10:00 */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** 10:00 */
  time: { hour: '2-digit', minute: '2-digit' },
  /** Mar 2025 */
  monthYear: { month: 'short', year: 'numeric' },
  /** 2025 */
  year: { year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

export type DateValue = string | Date | null | undefined;

// Building a formatter is slow next to using one: keep one per style, locale and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: DateStyle, { locale, timeZone }: DateSettings): Intl.DateTimeFormat {
  const key = `${style}|${locale}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...DATE_STYLES[style], timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** The moment a value names, or null when it is missing or not a date. */
export function toDate(value: DateValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The moment in one of the styles above; '' when missing or not a date. */
export function dateText(style: DateStyle, value: DateValue, settings: DateSettings): string {
  const date = toDate(value);
  return date ? formatter(style, settings).format(date) : '';
}

/** Zones run at most 14 hours ahead of UTC (Pacific/Kiritimati) and 12 behind it. */
const WIDEST_ZONE_OFFSET_MS = 14 * 3_600_000;

/**
 * The year ('2026'), as dateText's 'year' style writes it. Every page's footer shows it, and
 * making the first formatter costs a browser about 50 ms of its date data, so in English, more
 * than 14 hours from New Year in UTC (when the year is the same in every zone), it is read off
 * the date without one. Nearer New Year, or in another language, Intl writes it.
 */
export function yearText(value: DateValue, settings: DateSettings): string {
  const date = toDate(value);
  if (!date) return '';
  const year = date.getUTCFullYear();
  const time = date.getTime();
  const clearOfNewYear = time - Date.UTC(year, 0, 1) > WIDEST_ZONE_OFFSET_MS && Date.UTC(year + 1, 0, 1) - time > WIDEST_ZONE_OFFSET_MS;
  if (clearOfNewYear && year >= 1000 && year <= 9999 && ENGLISH_LOCALE.test(settings.locale)) return String(year);
  return dateText('year', date, settings);
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that moment ('WAT', 'GMT+1'), so a time read far away says whose clock it is on. */
export function zoneNameText(value: DateValue, settings: DateSettings): string {
  const date = toDate(value);
  if (!date) return '';
  const key = `${settings.locale}|${settings.timeZone}`;
  let zoneFormatter = zoneFormatters.get(key);
  if (!zoneFormatter) {
    zoneFormatter = new Intl.DateTimeFormat(settings.locale, { timeZone: settings.timeZone, timeZoneName: 'short' });
    zoneFormatters.set(key, zoneFormatter);
  }
  const part = zoneFormatter.formatToParts(date).find((p) => p.type === 'timeZoneName');
  return part?.value ?? settings.timeZone;
}
