import { useAuth } from '@/lib/auth.ts';
import { useSiteConfig } from '@/lib/site-config.ts';
import { AboutBlock } from './about-block.tsx';
import { ActivitiesBlock } from './activities-block.tsx';
import { AeroIntelBlock } from './aerointel-block.tsx';
import { EventsBlock } from './events-block.tsx';
import { ExecutivesCarousel } from './executives-carousel.tsx';
import { HeroSlideshow } from './hero-slideshow.tsx';

/** Home. */
export function HomeScreen() {
  const { association_name } = useSiteConfig();
  const { user } = useAuth();
  return (
    <>
      <title>{`${association_name} Portal · Aerospace Engineering Students' Association`}</title>
      {/* Join Us is for visitors; a signed-in member is already one of us (as in the top bar). */}
      <HeroSlideshow associationName={association_name} showJoin={!user} />
      <AboutBlock />
      <ActivitiesBlock />
      <ExecutivesCarousel />
      <EventsBlock />
      <AeroIntelBlock />
    </>
  );
}
