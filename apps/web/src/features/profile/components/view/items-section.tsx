import { LIMITS } from '@aesa/shared/constants';
import { type ComponentType, useId, useState } from 'react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyText, Section } from './section.tsx';

/** A list of items as cards: the first few, and See All / Show Less when there are more. */
export function ItemsSection<T extends { id: string }>({
  title,
  items,
  empty,
  editLabel,
  onEdit,
  Card,
  showPrivacy,
}: {
  title: string;
  items: T[];
  empty: string;
  editLabel: string;
  onEdit?: () => void;
  Card: ComponentType<{ item: T; showPrivacy: boolean }>;
  /** Only the owner sees which items are private. */
  showPrivacy: boolean;
}) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const shown = all ? items : items.slice(0, LIMITS.profileSectionPreview);
  return (
    <Section title={title} editLabel={editLabel} onEdit={onEdit}>
      {items.length === 0 ? (
        <EmptyText>{empty}</EmptyText>
      ) : (
        <>
          {/* items-start: a card without a picture keeps its own height beside one with a picture. */}
          <ul id={listId} className="grid items-start gap-3 md:grid-cols-2">
            {shown.map((item) => (
              <li key={item.id} className="min-w-0">
                <Card item={item} showPrivacy={showPrivacy} />
              </li>
            ))}
          </ul>
          {items.length > LIMITS.profileSectionPreview ? (
            <div className="mt-3 text-center">
              <button
                type="button"
                aria-expanded={all}
                aria-controls={listId}
                onClick={() => setAll((a) => !a)}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                {all ? 'Show Less' : 'See All'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}
