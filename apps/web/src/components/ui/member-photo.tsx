import { useState } from 'react';
import defaultAvatar from '@/assets/art/default-avatar.svg';
import { cn } from '@/lib/cn.ts';

/**
 * A member's picture, or the site's default avatar when there is none or it fails to load.
 * Decorative by default: the name is always written beside it.
 */
export function MemberPhoto({ src, alt = '', className }: { src?: string | null; alt?: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : defaultAvatar;
  return (
    <img
      src={usable}
      alt={alt}
      width={256}
      height={256}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (usable !== defaultAvatar) setFailedSrc(usable);
      }}
      className={cn('shrink-0 rounded-full bg-sky-100 object-cover', className)}
    />
  );
}
