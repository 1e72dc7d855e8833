import type { SiteConfigResponse } from '@aesa/shared/schemas/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { DEFAULT_DATE_SETTINGS, setDateSettings } from './format-date.ts';

// The association's name and contact details for the shell (GET /api/config). Until the server
// answers, or if it cannot, the shell shows the defaults below rather than an error.

/** `dev_mail_url` is set when the server keeps mail in its outbox (no SMTP): the page that shows it. */
export type SiteConfig = Omit<SiteConfigResponse, 'success'>;

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  association_name: 'AESA',
  contact: { email: '', phone: '', address: '' },
  locale: DEFAULT_DATE_SETTINGS.locale,
  time_zone: DEFAULT_DATE_SETTINGS.timeZone,
  dev_mail_url: null,
};

async function getSiteConfig(signal: AbortSignal): Promise<SiteConfig> {
  const { success: _success, ...config } = await api.get<SiteConfigResponse>('/config', { signal });
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
