import defaultCover from '@/assets/art/default-cover.svg';

/**
 * An article's or submission's cover image; without one, the default cover, which is decoration
 * (empty alt text).
 */
export function ArticleCover({ src, title, className }: { src: string | null | undefined; title: string; className: string }) {
  return <img src={src || defaultCover} alt={src ? `Cover image of ${title}` : ''} className={className} loading="lazy" />;
}
