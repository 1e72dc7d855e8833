/** Whose profile is shown: the signed-in member's own (edit controls, private items) or another member's. */
export type ProfileMode = 'own' | 'member';
