import { useId, useState } from 'react';
import { bioPreview } from '../../lib/bio.ts';
import { EmptyText, Section } from './section.tsx';

/** The bio, cut to its preview with See more / See less when it is long. */
export function BioSection({ bio, onEdit }: { bio: string | null; onEdit?: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const preview = bioPreview(bio);
  const id = useId();
  return (
    <Section title="Bio" editLabel="Edit bio and skills" onEdit={onEdit}>
      {preview.text ? (
        <>
          <p id={id} className="break-words whitespace-pre-line text-slate-800">
            {expanded ? (bio ?? '').trim() : preview.text}
          </p>
          {preview.truncated ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={id}
              onClick={() => setExpanded((e) => !e)}
              className="mt-2 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
            >
              {expanded ? 'See less' : 'See more'}
            </button>
          ) : null}
        </>
      ) : (
        <EmptyText>No bio available</EmptyText>
      )}
    </Section>
  );
}
