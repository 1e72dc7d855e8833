import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { DEFAULT_DATE_SETTINGS, setDateSettings } from './format-date.ts';

// The association's name and contact details for the shell (GET /api/config). Until the server
// answers, or if it cannot, the shell shows the defaults below rather than an error.

export interface SiteConfig {
  association_name: string;
  contact: { email: string; phone: string; address: string };
  /** The locale and IANA time zone every date is shown in (lib/format-date.ts). */
  locale: string;
  time_zone: string;
  /** Set by the server when mail is kept in its outbox (no SMTP): the page that shows it. */
  dev_mail_url?: string | null;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  association_name: 'AESA',
  contact: { email: '', phone: '', address: '' },
  locale: DEFAULT_DATE_SETTINGS.locale,
  time_zone: DEFAULT_DATE_SETTINGS.timeZone,
  dev_mail_url: null,
};

function normalise(raw: unknown): SiteConfig {
  const value = (raw ?? {}) as Partial<SiteConfig> & { config?: Partial<SiteConfig> };
  const source = value.config ?? value;
  return {
    association_name: source.association_name || DEFAULT_SITE_CONFIG.association_name,
    contact: { ...DEFAULT_SITE_CONFIG.contact, ...source.contact },
    locale: source.locale || DEFAULT_SITE_CONFIG.locale,
    time_zone: source.time_zone || DEFAULT_SITE_CONFIG.time_zone,
    dev_mail_url: source.dev_mail_url ?? null,
  };
}

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: async ({ signal }) => {
      const config = normalise(await api.get('/config', { signal }));
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
