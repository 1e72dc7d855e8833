import { dateText } from '@aesa/shared/date-text';
import type { AppConfig } from '../config.ts';

// A moment as the server's texts show it (e-mails, the dev outbox page): in the site's LOCALE and
// TIME_ZONE, in the very styles the pages use (@aesa/shared/date-text, decision 026), never the
// server machine's own zone, so a mail and the page it links to read the same time.

type DateSettings = Pick<AppConfig, 'locale' | 'timeZone'>;

/** '14 Mar 2025, 10:00', read in the configured zone. */
export function dateTimeText(config: DateSettings, date: Date): string {
  return dateText('dateTime', date, config);
}

/** '18:04', read in the configured zone. */
export function timeText(config: DateSettings, date: Date): string {
  return dateText('time', date, config);
}

/** The calendar day of a moment in the configured zone, as YYYY-MM-DD. */
export function dayText(config: Pick<AppConfig, 'timeZone'>, date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: config.timeZone }).format(date);
}
