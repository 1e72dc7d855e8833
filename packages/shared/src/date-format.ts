// How dates and times are shown, on the site and in the server's texts: one locale and one time
// zone for the whole association (LOCALE and TIME_ZONE on the server; GET /api/config passes them
// to the pages), so a deadline reads the same to every member whatever their device's settings.

/** en-GB: day before month (14 Mar 2025) and a 24-hour clock. */
export const DEFAULT_LOCALE = 'en-GB';

/** The association is one Nigerian university's: West Africa Time, which has no daylight saving. */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

/** Whether this runtime knows the IANA time zone (Intl throws a RangeError on an unknown one). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether the text is a well-formed BCP 47 locale tag the runtime accepts. */
export function isLocale(tag: string): boolean {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0;
  } catch {
    return false;
  }
}
