import { useMemo } from 'react';
import { formatDate, formatDateTime, formatTime, formatWeekdayDate, formatYear, formatZoneName } from './format-date.ts';
import { useSiteConfig } from './site-config.ts';

/**
 * The date formats of lib/format-date.ts bound to the site's locale and zone. A screen that shows
 * dates reads them through this hook, so it shows them again when the configuration arrives.
 */
export function useDateFormat() {
  const { locale, time_zone: timeZone } = useSiteConfig();
  return useMemo(() => {
    const settings = { locale, timeZone };
    type Value = Parameters<typeof formatDate>[0];
    return {
      settings,
      date: (value: Value) => formatDate(value, settings),
      weekdayDate: (value: Value) => formatWeekdayDate(value, settings),
      dateTime: (value: Value) => formatDateTime(value, settings),
      time: (value: Value) => formatTime(value, settings),
      year: (value: Value) => formatYear(value, settings),
      zoneName: (value: Value) => formatZoneName(value, settings),
    };
  }, [locale, timeZone]);
}
