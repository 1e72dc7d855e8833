import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLocale, isTimeZone } from './date-format.ts';
import { dateText, yearText } from './date-text.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const ZONES = ['Africa/Lagos', 'Pacific/Kiritimati', 'Etc/GMT+12', 'Pacific/Chatham', 'America/New_York', 'Asia/Kolkata', 'UTC'];
const HOUR = 3_600_000;

describe('the year as the footer shows it', () => {
  it('is what Intl writes, in every zone, hour by hour across New Year and on days through the year', () => {
    const newYear = Date.UTC(2027, 0, 1);
    const moments = [
      ...Array.from({ length: 24 * 3 }, (_, i) => newYear - 36 * HOUR + i * HOUR),
      newYear - 14 * HOUR,
      newYear + 14 * HOUR,
      ...Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 15, 12)),
    ];
    for (const locale of ['en-GB', 'en', 'en-US', 'en-NG', 'ja', 'ar-EG']) {
      for (const timeZone of ZONES) {
        for (const moment of moments.map((t) => new Date(t))) {
          const settings = { locale, timeZone };
          expect([locale, timeZone, moment.toISOString(), yearText(moment, settings)]).toEqual([
            locale,
            timeZone,
            moment.toISOString(),
            dateText('year', moment, settings),
          ]);
        }
      }
    }
  });

  it('needs no formatter in English away from New Year, and makes one near it or in another language', () => {
    const Real = Intl.DateTimeFormat;
    let made = 0;
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args: ConstructorParameters<typeof Real>) {
      made++;
      return new Real(...args);
    } as unknown as typeof Real);
    // Zones no other test here formats in: formatters are kept per locale, style and zone.
    expect(yearText('2026-07-01T12:00:00Z', { locale: 'en-GB', timeZone: 'Africa/Abidjan' })).toBe('2026');
    expect(made).toBe(0);
    // 31 December at 23:30 UTC is already 2027 in Tbilisi (UTC+4).
    expect(yearText('2026-12-31T23:30:00Z', { locale: 'en-GB', timeZone: 'Asia/Tbilisi' })).toBe('2027');
    expect(made).toBe(1);
    expect(yearText('2026-07-01T12:00:00Z', { locale: 'ja', timeZone: 'Asia/Tokyo' })).toBe('2026年');
    expect(made).toBe(2);
  });

  it('is empty for a missing or unreadable date', () => {
    expect(yearText(null, { locale: 'en-GB', timeZone: 'Africa/Lagos' })).toBe('');
    expect(yearText('not a date', { locale: 'en-GB', timeZone: 'Africa/Lagos' })).toBe('');
  });
});

describe('the site settings Intl takes', () => {
  it('knows a zone from the runtime list, an alias Intl still takes, and refuses an unknown one', () => {
    expect(isTimeZone('Africa/Lagos')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Kyiv')).toBe(true);
    expect(isTimeZone('Not/AZone')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('takes English in any region without a lookup, other languages by lookup, and refuses a malformed tag', () => {
    const lookedUp = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    expect(['en', 'en-GB', 'en-NG', 'en-419'].map(isLocale)).toEqual([true, true, true, true]);
    expect(lookedUp).not.toHaveBeenCalled();
    expect(isLocale('fr-FR')).toBe(true);
    expect(isLocale('en-GB-u-nu-arab')).toBe(true);
    expect(isLocale('not a tag!')).toBe(false);
    expect(isLocale('en_GB')).toBe(false);
    expect(lookedUp).toHaveBeenCalled();
  });
});
