import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

// The association's name and contact details for the shell (GET /api/config). Until the server
// answers, or if it cannot, the shell shows the defaults below rather than an error.

export interface SiteConfig {
  association_name: string;
  contact: { email: string; phone: string; address: string };
  /** Set by the server when mail is kept in its outbox (no SMTP): the page that shows it. */
  dev_mail_url?: string | null;
}

export const DEFAULT_SITE_CONFIG: SiteConfig = {
  association_name: 'AESA',
  contact: { email: '', phone: '', address: '' },
  dev_mail_url: null,
};

function normalise(raw: unknown): SiteConfig {
  const value = (raw ?? {}) as Partial<SiteConfig> & { config?: Partial<SiteConfig> };
  const source = value.config ?? value;
  return {
    association_name: source.association_name || DEFAULT_SITE_CONFIG.association_name,
    contact: { ...DEFAULT_SITE_CONFIG.contact, ...source.contact },
    dev_mail_url: source.dev_mail_url ?? null,
  };
}

export const siteConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['site-config'],
    queryFn: async ({ signal }) => normalise(await api.get('/config', { signal })),
    staleTime: Infinity,
    retry: false,
  });

export function useSiteConfig(): SiteConfig {
  return useQuery(siteConfigQueryOptions()).data ?? DEFAULT_SITE_CONFIG;
}
