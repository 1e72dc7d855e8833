/** What a candidate or member is called on these screens: the name, else the e-mail or matric number. */
export function personLabel(user: { name?: string | null; email?: string | null; matric_number?: string | null } | null | undefined): string {
  return user?.name?.trim() || user?.email || user?.matric_number || 'Unknown member';
}
