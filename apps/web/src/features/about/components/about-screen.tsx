import { ContentLayout } from '@/components/layouts/content-layout.tsx';
import { useSiteConfig } from '@/lib/site-config.ts';
import { ExecutivesGrid } from './executives-grid.tsx';
import { InfoCards } from './info-cards.tsx';
import { MissionVision } from './mission-vision.tsx';
import { PhotoGallery } from './photo-gallery.tsx';

/** About Us. */
export function AboutScreen() {
  const { association_name } = useSiteConfig();
  return (
    <ContentLayout title="About Us" wide>
      <p className="max-w-3xl text-lg text-slate-700">
        The {association_name} is the home of aerospace engineering students and alumni at our university: a community
        that learns, builds and leads together.
      </p>
      <div className="mt-8">
        <InfoCards />
      </div>
      <PhotoGallery associationName={association_name} />
      <MissionVision />
      <ExecutivesGrid />
    </ContentLayout>
  );
}
