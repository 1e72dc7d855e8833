export type PrerenderedPageName = 'home' | 'about' | 'events' | 'event-detail' | 'aerointel' | 'elections' | 'members';
export const PRERENDERED_PAGES: Record<PrerenderedPageName, { url: string; screen: string; data?: string[] }>;
export function pageHtml(args: { index: string; page: PrerenderedPageName; rendered: string; drawnAt: Date }): string;
export function scriptsAfterPaint(html: string, args: { paintFirst: string; screenFiles?: Iterable<string>; data?: string[] }): string;
export function dataPreload(href: string): string;
