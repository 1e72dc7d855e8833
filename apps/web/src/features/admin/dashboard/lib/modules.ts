import type { AdminModuleName } from '@aesa/shared/admin';
import { paths } from '@/config/paths.ts';

// The dashboard's seven cards, in the order of the access table.

export interface ModuleCard {
  module: AdminModuleName;
  title: string;
  description: string;
  href: string;
  icon: 'article' | 'ballot' | 'calendar' | 'mail' | 'database' | 'receipt' | 'shield';
}

export const MODULE_CARDS: readonly ModuleCard[] = [
  {
    module: 'editorial',
    title: 'Editorial Management',
    description: 'Review article submissions and publish articles on AeroIntel.',
    href: paths.admin.editorial.href(),
    icon: 'article',
  },
  {
    module: 'electoral',
    title: 'Electoral Management',
    description: 'Create elections, manage candidates and publish results.',
    href: paths.admin.electoral.href(),
    icon: 'ballot',
  },
  {
    module: 'event',
    title: 'Event Management',
    description: 'Create, edit and remove the events members see.',
    href: paths.admin.events.href(),
    icon: 'calendar',
  },
  {
    module: 'email',
    title: 'Email & Communications',
    description: 'Send e-mails to member groups or chosen members.',
    href: paths.admin.communications.href(),
    icon: 'mail',
  },
  {
    module: 'data',
    title: 'Data Management',
    description: 'Verify member roles, assign executives and update roles in bulk.',
    href: paths.admin.data.href(),
    icon: 'database',
  },
  {
    module: 'finance',
    title: 'Finance',
    description: 'Keep sessions and dues, approve proofs of payment and record payments.',
    href: paths.admin.finance.href(),
    icon: 'receipt',
  },
  {
    module: 'super',
    title: 'Super Admin',
    description: 'Manage admin roles, admin users and bulk e-mail.',
    href: paths.admin.super.href(),
    icon: 'shield',
  },
];
