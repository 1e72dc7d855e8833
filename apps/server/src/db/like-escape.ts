/** Escapes LIKE wildcards so a search for "50%" or "a_b" means those characters. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
