export type PrerenderedPageName = 'home' | 'about' | 'events' | 'event-detail' | 'aerointel' | 'elections' | 'members';
export const PRERENDERED_PAGES: Record<PrerenderedPageName, { url: string; screen: string; data?: string[]; paintFromData?: boolean }>;
export function pageHtml(args: { index: string; page: PrerenderedPageName; rendered: string; drawnAt: Date }): string;
export function scriptsAfterPaint(html: string, args: { paintFirst: string; screenFiles?: Iterable<string>; data?: string[]; entryEarly?: boolean }): string;
export function dataPreload(href: string): string;
