import { canUseModule } from '../../plugins/access.ts';
import type { AdminFlags } from '../auth/session-user.ts';

/**
 * Members' e-mail addresses reach only the admins whose modules send mail or manage members:
 * super, communications (email) and data admins. Other admins (electoral choosing candidates,
 * editorial, events) pick the same members by name and matric number, without the address.
 */
export function mayReadEmails(flags: AdminFlags | null): boolean {
  return canUseModule(flags, 'email') || canUseModule(flags, 'data');
}
