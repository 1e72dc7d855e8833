import type { AppConfig } from '../config.ts';

// A moment as the server's texts show it (e-mails, the dev outbox page): in the site's LOCALE and
// TIME_ZONE, the same as the pages show it (decision 026), never the server machine's own zone.

/** '14 Mar 2025, 10:00', read in the configured zone. */
export function dateTimeText(config: Pick<AppConfig, 'locale' | 'timeZone'>, date: Date): string {
  return new Intl.DateTimeFormat(config.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: config.timeZone }).format(date);
}

/** The calendar day of a moment in the configured zone, as YYYY-MM-DD. */
export function dayText(config: Pick<AppConfig, 'timeZone'>, date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: config.timeZone }).format(date);
}
