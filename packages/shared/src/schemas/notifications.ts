import * as z from 'zod';
import { KIND_NAMES, NOTIFICATION_MSG, type UnsubscribableKind } from '../notifications.ts';
import { okSchema } from './envelope.ts';

// A member's notification choices, the unsubscribe links of the mails and the newsletter's
// confirmation link.

const choice = z.boolean({ error: 'Must be true or false' });

/** GET /api/profile/me/notifications: every kind, on or off. */
export const notificationChoicesResponse = okSchema({ announcements: z.boolean(), event_updates: z.boolean(), election_notices: z.boolean() });

/**
 * PUT /api/profile/me/notifications: the kinds to set; a kind left out keeps its value, so a
 * screen that flips one switch sends that one (and two tabs flipping two switches both count).
 */
export const notificationChoicesUpdate = z
  .strictObject({ announcements: choice.optional(), event_updates: choice.optional(), election_notices: choice.optional() })
  .refine((v) => Object.keys(v).length > 0, { error: NOTIFICATION_MSG.nothingToChange });
export type NotificationChoicesUpdate = z.infer<typeof notificationChoicesUpdate>;
export const notificationChoicesSaved = notificationChoicesResponse.extend({ message: z.string() });

/** The token of an unsubscribe or confirmation link, from its query string. */
export const linkTokenQuery = z.object({ token: z.string().max(1000).default('') });

const kinds = Object.keys(KIND_NAMES) as [UnsubscribableKind, ...UnsubscribableKind[]];
/** What an unsubscribe link is for, and whether that mail is on now. */
export const unsubscribeLinkResponse = okSchema({ kind: z.enum(kinds), on: z.boolean(), message: z.string() });

/** POST /api/newsletter/confirm */
export const newsletterConfirmSchema = z.object({ token: z.string().max(1000) });

/** GET /api/admin/newsletter/subscribers: how many confirmed subscribers a send could include. */
export const newsletterSubscribersResponse = okSchema({ confirmed: z.number().int() });

export type NotificationChoicesResponse = z.infer<typeof notificationChoicesResponse>;
export type UnsubscribeLinkResponse = z.infer<typeof unsubscribeLinkResponse>;
export type NewsletterSubscribersResponse = z.infer<typeof newsletterSubscribersResponse>;
