import type { SiteConfigResponse } from '@aesa/shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isLocale, isTimeZone } from '@aesa/shared/date-format';
import { api } from './api-client.ts';
import { DEFAULT_DATE_SETTINGS, type DateSettings, setDateSettings } from './format-date.ts';

// The association's name and contact details for the shell (GET /api/config). Until the server
// answers, or if it cannot, the shell shows the defaults below rather than an error.

/** `dev_mail_url` is set when the server keeps mail in its outbox (no SMTP): the page that shows it. */
export type SiteConfig = Omit<SiteConfigResponse, 'success'>;

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  association_name: 'AESA',
  contact: { email: '', phone: '', address: '' },
  locale: DEFAULT_DATE_SETTINGS.locale,
  time_zone: DEFAULT_DATE_SETTINGS.timeZone,
  /** Unknown until the server says: the pages then use the address they were opened at. */
  public_url: '',
  dev_mail_url: null,
};

async function getSiteConfig(signal: AbortSignal): Promise<SiteConfig> {
  const { success: _success, ...config } = await api.get<SiteConfigResponse>('/config', { signal });
  // A locale or zone Intl does not take would make every date fall back to the browser's own
  // format: an answer without them is no configuration, and the defaults below hold instead.
  if (typeof config.locale !== 'string' || !isLocale(config.locale) || typeof config.time_zone !== 'string' || !isTimeZone(config.time_zone)) {
    throw new Error('The site configuration has no usable locale and time zone');
  }
  return config;
}

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: async ({ signal }) => {
      const config = await getSiteConfig(signal);
      // The admin forms read their times in this zone too; they are opened long after this answer.
      setDateSettings({ locale: config.locale, timeZone: config.time_zone });
      return config;
    },
    staleTime: Infinity,
    retry: false,
  });

export function useSiteConfig(): SiteConfig {
  return useQuery(siteConfigQueryOptions()).data ?? DEFAULT_SITE_CONFIG;
}

/**
 * The locale and zone dates are shown in, or null while the configuration is on its way: a date
 * shown before would be in the defaults' format and jump when the association's arrives. If the
 * server cannot say, the defaults are the association's (never the browser's).
 */
export function useDateSettings(): DateSettings | null {
  const config = useQuery(siteConfigQueryOptions());
  if (config.isPending) return null;
  const { locale, time_zone: timeZone } = config.data ?? DEFAULT_SITE_CONFIG;
  return { locale, timeZone };
}
