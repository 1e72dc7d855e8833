// The Member Roles screen's selection: some roles by id (across pages), or every role matching the
// filter ("select all N matching this filter"), which the server finds again with the same filter.

export type MemberRoleSelection = { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'all' };

export const NO_SELECTION: MemberRoleSelection = { kind: 'ids', ids: new Set() };

export function isSelected(selection: MemberRoleSelection, id: string): boolean {
  return selection.kind === 'all' || selection.ids.has(id);
}

/** One role ticked or unticked; unticking one while all are selected keeps the others of the page. */
export function toggleOne(selection: MemberRoleSelection, id: string, pageIds: readonly string[]): MemberRoleSelection {
  const ids = new Set(selection.kind === 'all' ? pageIds : selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'ids', ids };
}

/** The page's roles all ticked, or all unticked when they already were. */
export function togglePage(selection: MemberRoleSelection, pageIds: readonly string[]): MemberRoleSelection {
  if (selection.kind === 'all') return NO_SELECTION;
  const ids = new Set(selection.ids);
  const all = pageIds.every((id) => ids.has(id));
  for (const id of pageIds) {
    if (all) ids.delete(id);
    else ids.add(id);
  }
  return { kind: 'ids', ids };
}

/** How many roles the selection holds (all: the filter's total). */
export function selectedCount(selection: MemberRoleSelection, total: number): number {
  return selection.kind === 'all' ? total : selection.ids.size;
}

/** 'none' | 'some' | 'all' of the page ticked: the page checkbox's state. */
export function pageState(selection: MemberRoleSelection, pageIds: readonly string[]): 'none' | 'some' | 'all' {
  if (selection.kind === 'all') return 'all';
  const n = pageIds.filter((id) => selection.ids.has(id)).length;
  return n === 0 ? 'none' : n === pageIds.length ? 'all' : 'some';
}
