import { useMemo } from 'react';
import { formatDate, formatDateTime, formatTime, formatWeekdayDate, formatYear, formatZoneName } from './format-date.ts';
import { useDateSettings } from './site-config.ts';

/** What a date reads while the site's locale and zone are on their way (a moment, on a first visit). */
export const DATE_PLACEHOLDER = '…';

/**
 * The date formats of lib/format-date.ts bound to the site's locale and zone. A screen that shows
 * dates reads them through this hook: until the configuration has arrived every date reads
 * DATE_PLACEHOLDER (`ready` is false), so no date is ever shown in another format first.
 */
export function useDateFormat() {
  const settings = useDateSettings();
  const locale = settings?.locale;
  const timeZone = settings?.timeZone;
  return useMemo(() => {
    type Value = Parameters<typeof formatDate>[0];
    const bound = (format: typeof formatDate) => (value: Value) => (locale && timeZone ? format(value, { locale, timeZone }) : DATE_PLACEHOLDER);
    return {
      ready: !!(locale && timeZone),
      settings: locale && timeZone ? { locale, timeZone } : null,
      date: bound(formatDate),
      weekdayDate: bound(formatWeekdayDate),
      dateTime: bound(formatDateTime),
      time: bound(formatTime),
      year: bound(formatYear),
      zoneName: bound(formatZoneName),
    };
  }, [locale, timeZone]);
}
