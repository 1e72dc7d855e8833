/** The owner's edit dialogs, one per section. */
export type EditorName = 'bio' | 'contact' | 'social' | 'profile-image' | 'cover-image' | 'projects' | 'achievements' | 'activities';
