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

/** What each kind of mail a member or visitor can turn off is called in the screens and mails. */
export const KIND_NAMES: Record<NotificationKind | 'newsletter', { label: string; hint: string; noun: string }> = {
  announcements: { label: 'Announcements', hint: 'E-mails the association sends to its members.', noun: 'announcements' },
  event_updates: { label: 'Event reminders and updates', hint: 'A reminder before an event you are going to, and news when it is moved, postponed or cancelled.', noun: 'event reminders and updates' },
  election_notices: { label: 'Election notices', hint: 'When voting opens and when results are published.', noun: 'election notices' },
  newsletter: { label: 'Newsletter', hint: 'The association’s newsletter.', noun: 'the newsletter' },
};

export type UnsubscribableKind = keyof typeof KIND_NAMES;

/** The body a mail client POSTs to a List-Unsubscribe link (RFC 8058), form-encoded. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/** How long an unsubscribe link in a mail works, and a newsletter confirmation link. */
export const UNSUBSCRIBE_LINK_DAYS = 365;
export const NEWSLETTER_CONFIRM_DAYS = 7;

export const NOTIFICATION_MSG = {
  saved: 'Your notification choices are saved.',
  accountMailAlwaysGoes: 'Mail about your own account (passwords, e-mail address changes, payment receipts) always goes.',
  nothingToChange: 'Say which notification to turn on or off.',
  linkInvalid: 'This unsubscribe link is not valid. Use the link in the latest e-mail, or change your choices in Settings → Notifications.',
  linkExpired: 'This unsubscribe link has expired. Change your choices in Settings → Notifications, or use the link in a newer e-mail.',
  oneClickBodyRequired: `An unsubscribe request must be sent as ${ONE_CLICK_BODY}.`,
  turnedOff: (noun: string) => `You will no longer get ${noun}.`,
  turnedOn: (noun: string) => `You will get ${noun} again.`,
  undoHint: 'Changed your mind? Turn it back on here, or any time in Settings → Notifications.',
  newsletterUndoHint: 'Changed your mind? Subscribe again here.',
  /** Put in the text of every mail that can be turned off, with its page's link. */
  mailFooter: (noun: string, link: string) => `To stop getting ${noun}, open ${link}`,
  /** The officer's confirmation of a bulk e-mail: who is left out and why. */
  turnedOffLeftOut: (n: number) =>
    `${n.toLocaleString('en-GB')} ${n === 1 ? 'member has' : 'members have'} turned announcements off and will not get it.`,
  allTurnedOff: 'Every member chosen has turned announcements off: nobody would get this e-mail.',
} as const;

/** The footer's newsletter sign-up: double opt-in, and the same answer whoever signs up. */
export const NEWSLETTER_MSG = {
  confirmed: 'Your subscription to the newsletter is confirmed. Thank you!',
  linkInvalid: 'This confirmation link is not valid. Sign up again in the footer of any page.',
  linkExpired: 'This confirmation link has expired. Sign up again in the footer of any page.',
  alsoSubscribers: (n: number) => `Also send to newsletter subscribers (${n.toLocaleString('en-GB')})`,
} as const;
