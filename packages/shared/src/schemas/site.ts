import * as z from 'zod';
import { failureSchema, okMessageSchema, okSchema, type WireOf } from './envelope.ts';

// The answers of the site's own routes: health, configuration and the first-run setup.

const databaseKind = z.enum(['embedded-postgres', 'postgres']);
export const healthResponse = z.object({ status: z.literal('ok'), database: databaseKind });
/** 503: the database does not answer. */
export const healthUnavailableResponse = failureSchema.extend({ status: z.literal('unavailable'), database: databaseKind });

export const siteConfigResponse = okSchema({
  association_name: z.string(),
  contact: z.object({ email: z.string(), phone: z.string(), address: z.string() }),
  /** The locale (BCP 47) and IANA time zone every date on the site is shown in. */
  locale: z.string(),
  time_zone: z.string(),
  /** The site's own address ("https://aesa.example"): what members are told to subscribe to or share. */
  public_url: z.string(),
  /** Only to the operator's own browser while the dev mailbox is on; otherwise null. */
  dev_mail_url: z.string().nullable(),
});

/** True while the link is unused, unexpired, and the site still has no super admin. */
export const setupStatusResponse = okSchema({ valid: z.boolean() });
export const firstAdminResponse = okMessageSchema;

export type SiteConfigResponse = WireOf<typeof siteConfigResponse>;
export type SetupStatusResponse = WireOf<typeof setupStatusResponse>;
