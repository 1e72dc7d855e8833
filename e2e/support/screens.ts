/** The admin screens with the heading each shows. */
export const ADMIN_SCREENS = [
  ['/admin', 'Admin Dashboard'],
  ['/admin/editorial', 'Editorial Management'],
  ['/admin/electoral', 'Electoral Management'],
  ['/admin/super', 'Super Admin Dashboard'],
  ['/admin/data', 'Data Management'],
  ['/admin/events', 'Event Management'],
  ['/admin/communications', 'Email & Communications'],
] as const;
