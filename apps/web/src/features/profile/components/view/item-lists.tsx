import type { ComponentType, ReactNode } from 'react';
import type { ProfileData } from '../../api/get-profile.ts';
import type { EditorName } from '../editor-name.ts';
import { AchievementCard, ActivityCard, ProjectCard } from './item-cards.tsx';
import { ItemsSection } from './items-section.tsx';
import type { ProfileMode } from './profile-mode.ts';

// Projects, Achievements and Volunteer Activities: one list, each with its own items, card and texts.

interface ItemList<T extends { id: string }> {
  title: string;
  empty: string;
  editLabel: string;
  editor: EditorName;
  items: (profile: ProfileData) => T[];
  Card: ComponentType<{ item: T; showPrivacy: boolean }>;
}

type Render = (profile: ProfileData, showPrivacy: boolean, onEdit?: (editor: EditorName) => void) => ReactNode;

const itemList =
  <T extends { id: string }>({ items, editor, ...list }: ItemList<T>): Render =>
  (profile, showPrivacy, onEdit) => (
    <ItemsSection key={list.title} {...list} items={items(profile)} onEdit={onEdit && (() => onEdit(editor))} showPrivacy={showPrivacy} />
  );

const LISTS: Render[] = [
  itemList({
    title: 'Projects',
    empty: 'No projects uploaded yet.',
    editLabel: 'Manage projects',
    editor: 'projects',
    items: (p) => p.user_project_collaborators.map((c) => c.user_projects).filter(Boolean),
    Card: ProjectCard,
  }),
  itemList({
    title: 'Achievements',
    empty: 'No achievements added yet.',
    editLabel: 'Manage achievements',
    editor: 'achievements',
    items: (p) => p.user_achievements,
    Card: AchievementCard,
  }),
  itemList({
    title: 'Volunteer Activities',
    empty: 'No volunteer activities added yet.',
    editLabel: 'Manage volunteer activities',
    editor: 'activities',
    items: (p) => p.user_volunteer_activities,
    Card: ActivityCard,
  }),
];

export function ItemLists({ profile, mode, onEdit }: { profile: ProfileData; mode: ProfileMode; onEdit?: (editor: EditorName) => void }) {
  // Only the owner sees which items are private.
  return <>{LISTS.map((render) => render(profile, mode === 'own', onEdit))}</>;
}
