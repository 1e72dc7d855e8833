// How dates and times are shown, on the site and in the server's texts: one locale and one time
// zone for the whole association (LOCALE and TIME_ZONE on the server; GET /api/config passes them
// to the pages), so a deadline reads the same to every member whatever their device's settings.

/** en-GB: day before month (14 Mar 2025) and a 24-hour clock. */
export const DEFAULT_LOCALE = 'en-GB';

/** The association is one Nigerian university's: West Africa Time, which has no daylight saving. */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

/**
 * English, alone or in a region (en-GB, en-NG, en-419). Every runtime's Intl has English, so such
 * a tag needs no lookup, and a region it lacks falls back to English, never to the device's
 * language. The lookup is not free: a browser's first use of its date data takes about 50 ms,
 * which a page that shows no date would spend on checking the site's settings alone.
 */
export const ENGLISH_LOCALE = /^en(-[A-Za-z]{2}|-\d{3})?$/;

/**
 * Whether this runtime knows the IANA time zone (Intl throws a RangeError on an unknown one).
 * The runtime's list of zones is read first: it does not load the date data that making a
 * formatter does. A zone missing from it may still be an alias Intl takes (UTC, Europe/Kyiv).
 */
export function isTimeZone(zone: string): boolean {
  if (typeof Intl.supportedValuesOf === 'function' && Intl.supportedValuesOf('timeZone').includes(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether the text is a well-formed BCP 47 locale tag the runtime accepts. */
export function isLocale(tag: string): boolean {
  if (ENGLISH_LOCALE.test(tag)) return true;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0;
  } catch {
    return false;
  }
}
