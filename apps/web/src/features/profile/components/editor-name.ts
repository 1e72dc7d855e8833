/** The owner's dialogs: one editor per section, name/level/year, and the password. */
export type EditorName =
  | 'bio'
  | 'contact'
  | 'social'
  | 'profile-image'
  | 'cover-image'
  | 'projects'
  | 'achievements'
  | 'activities'
  | 'basics'
  | 'password';
