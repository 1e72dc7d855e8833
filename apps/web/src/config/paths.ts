// Every path of the app, defined once. Screens link with `href`,
// the router matches with `path`.

const route = (path: string) => ({ path, href: () => path });

export const paths = {
  home: route('/'),
  about: route('/about'),
  events: route('/events'),
  /** An event's own page: the address members share. */
  event: { path: '/events/:eventId', href: (eventId: string) => `/events/${encodeURIComponent(eventId)}` },
  members: route('/members'),
  memberProfile: { path: '/profile/:memberId', href: (memberId: string) => `/profile/${encodeURIComponent(memberId)}` },
  aerointel: route('/aerointel'),
  elections: route('/elections'),
  electionResults: {
    path: '/elections/results/:electionId',
    href: (electionId: string) => `/elections/results/${encodeURIComponent(electionId)}`,
  },
  /** The bulletin board of an election, public once its final results are. */
  electionBoard: {
    path: '/elections/:electionId/board',
    href: (electionId: string) => `/elections/${encodeURIComponent(electionId)}/board`,
  },
  terms: route('/terms'),
  privacy: route('/privacy'),
  /** The page of a mail's unsubscribe link (?token=…), and of the newsletter's confirmation link. */
  unsubscribe: route('/unsubscribe'),
  newsletterConfirm: route('/newsletter/confirm'),

  auth: {
    login: route('/login'),
    register: route('/register'),
    forgotPassword: route('/forgot-password'),
    resetPassword: route('/reset-password'),
    /** The link a new member receives: the same form, worded for a first password. */
    setPassword: route('/set-password'),
    /** The link sent to a new e-mail address; it makes the change. */
    confirmEmail: route('/confirm-email'),
  },

  voting: { path: '/election/:id', href: (id: string) => `/election/${encodeURIComponent(id)}` },
  profile: route('/profile'),
  /** A payment's receipt, printable: the member's own (finance admins may open any). */
  receipt: { path: '/membership/receipts/:paymentId', href: (paymentId: string) => `/membership/receipts/${encodeURIComponent(paymentId)}` },
  dashboard: route('/dashboard'),

  admin: {
    dashboard: route('/admin'),
    editorial: route('/admin/editorial'),
    electoral: route('/admin/electoral'),
    super: route('/admin/super'),
    data: route('/admin/data'),
    events: route('/admin/events'),
    communications: route('/admin/communications'),
    finance: route('/admin/finance'),
  },

  unauthorized: route('/unauthorized'),
  /** Create the first administrator, from the link the server prints while there is none. */
  setup: route('/setup'),

  /** Served by the Node server, not by this app: link to it with a plain <a>. */
  serverDevMail: '/dev/mail',
} as const;
