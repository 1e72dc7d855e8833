/** The owner's edit dialogs, one per section (spec 01 §2 "Own profile"). */
export type EditorName = 'bio' | 'contact' | 'social' | 'profile-image' | 'cover-image' | 'projects' | 'achievements' | 'activities';
