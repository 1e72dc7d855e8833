import emblem from '@/assets/art/favicon.svg';

/** The association's emblem (the lettering-free version, legible at small sizes). */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return <img src={emblem} alt="" width={36} height={36} className={className} />;
}
