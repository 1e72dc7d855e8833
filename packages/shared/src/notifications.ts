/**
 * The kinds of mail the portal sends. A member can turn each notification kind off; 'account'
 * mail (passwords, e-mail change, payment receipts, the hand-over's account notes) always goes;
 * 'newsletter' goes to visitors who confirmed their subscription.
 */
export const NOTIFICATION_KINDS = ['announcements', 'event_updates', 'election_notices'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type MailKind = 'account' | NotificationKind | 'newsletter';

export type NotificationChoices = Record<NotificationKind, boolean>;

/** No choice recorded means the member gets every kind. */
export const DEFAULT_NOTIFICATION_CHOICES: NotificationChoices = { announcements: true, event_updates: true, election_notices: true };
