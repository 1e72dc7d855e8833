// The parts of a date-time input's value ('YYYY-MM-DDTHH:mm', or 'YYYY-MM-DD' for a day), each
// '' until chosen. Kept apart from the component so the rules are tested without a browser.

export interface DateParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const EMPTY: DateParts = { year: '', month: '', day: '', hour: '', minute: '' };

/** The parts of a value; all '' when it is empty or not one. */
export function splitValue(value: string): DateParts {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!m) return EMPTY;
  return { year: m[1]!, month: m[2]!, day: m[3]!, hour: m[4] ?? '', minute: m[5] ?? '' };
}

/** The value once every part is chosen (a day needs no time), else ''. */
export function composeParts(parts: DateParts, dayOnly: boolean): string {
  const { year, month, day, hour, minute } = parts;
  if (!year || !month || !day) return '';
  const date = `${year}-${month}-${day}`;
  if (dayOnly) return date;
  return hour && minute ? `${date}T${hour}:${minute}` : '';
}

/** 28 to 31: the days of that month of that year. */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** This year on the zone's calendar. */
export const yearNow = (timeZone: string, now = new Date()) => Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(now));
