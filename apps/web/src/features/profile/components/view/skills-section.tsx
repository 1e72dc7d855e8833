import { LIMITS } from '@aesa/shared/constants';
import { useMemo, useState } from 'react';
import { Dialog, DialogContent } from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/cn.ts';
import { TILE_PALETTE, assignTileColours } from '../../lib/tile-colours.ts';
import { EmptyText, Section } from './section.tsx';

/** The first skills as coloured tiles, and See All in a dialog when there are more. */
export function SkillsSection({ skills, onEdit }: { skills: string[]; onEdit?: () => void }) {
  const [open, setOpen] = useState(false);
  // Drawn once per list of skills: the colours stay put while the page re-renders.
  const key = skills.join('\n');
  const colours = useMemo(() => assignTileColours(key ? key.split('\n').length : 0), [key]);
  const shown = skills.slice(0, LIMITS.skillsPreview);
  return (
    <Section
      title="Skills"
      editLabel="Edit bio and skills"
      onEdit={onEdit}
      action={
        skills.length > LIMITS.skillsPreview ? (
          <button type="button" onClick={() => setOpen(true)} className="rounded-lg px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-sky-50">
            See All
          </button>
        ) : null
      }
    >
      {skills.length === 0 ? <EmptyText>No skills added yet.</EmptyText> : <SkillTiles skills={shown} colours={colours} />}
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? (
          <DialogContent title="All Skills" description={`${skills.length} skills`}>
            <SkillTiles skills={skills} colours={colours} />
          </DialogContent>
        ) : null}
      </Dialog>
    </Section>
  );
}

function SkillTiles({ skills, colours }: { skills: string[]; colours: number[] }) {
  return (
    <ul className="grid grid-cols-3 gap-1.5">
      {skills.map((skill, i) => (
        <li
          key={skill}
          className={cn(
            'flex min-h-12 items-center justify-center rounded-lg px-0.5 py-2 text-center text-xs leading-snug font-semibold break-words text-white',
            TILE_PALETTE[colours[i] ?? 0],
          )}
          style={{ overflowWrap: 'anywhere' }}
        >
          {skill}
        </li>
      ))}
    </ul>
  );
}
