import { paths } from '@/config/paths.ts';

/** The top bar's and the mobile menu's links, in order. */
export const NAV_LINKS = [
  { label: 'Home', to: paths.home.href(), end: true },
  { label: 'About', to: paths.about.href(), end: false },
  { label: 'Events', to: paths.events.href(), end: false },
  { label: 'Meet Our Members', to: paths.members.href(), end: false },
  { label: 'AeroIntel', to: paths.aerointel.href(), end: false },
] as const;
