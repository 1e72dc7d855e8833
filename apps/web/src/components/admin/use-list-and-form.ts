import { useState } from 'react';

/**
 * The two tabs of a module that lists things and edits them in one form (elections, events): the
 * list, and the form that creates a new one or edits the chosen one (its tab label says which).
 * Leaving the form for the list forgets the one being edited.
 */
export function useListAndForm<T>() {
  const [tab, setTab] = useState<'list' | 'form'>('list');
  const [editing, setEditing] = useState<T | null>(null);

  function showList() {
    setEditing(null);
    setTab('list');
  }

  return {
    tab,
    editing,
    showList,
    create: () => setTab('form'),
    edit: (item: T) => {
      setEditing(item);
      setTab('form');
    },
    onTabChange: (value: string) => (value === 'list' ? showList() : setTab('form')),
  };
}
