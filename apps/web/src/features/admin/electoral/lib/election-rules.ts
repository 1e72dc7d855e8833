import { type ElectionStatus, electionStatus } from '@aesa/shared/elections';
import { ELECTION_MSG } from '@aesa/shared/elections';
import { fromLocalInput } from '@/lib/datetime-local.ts';

export type { ElectionStatus };

/** Upcoming before start, active from start to end inclusive, ended after end (spec 02 §4). */
export const computeStatus = (election: { start_time: string; end_time: string }, now: Date): ElectionStatus =>
  electionStatus(election.start_time, election.end_time, now);

export const STATUS_LABEL: Record<ElectionStatus, string> = { upcoming: 'Upcoming', active: 'Active', ended: 'Ended' };

/**
 * Which publish button a card shows: Publish Live Results while active, Publish Final Results once
 * ended, none before the start or once the results are public.
 */
export function publishAction(
  election: { start_time: string; end_time: string; results_published: boolean },
  now: Date,
): 'live' | 'final' | null {
  if (election.results_published) return null;
  const status = computeStatus(election, now);
  if (status === 'active') return 'live';
  if (status === 'ended') return 'final';
  return null;
}

export interface ElectionFormValues {
  title: string;
  description: string;
  /** datetime-local values, in the browser's zone. */
  start: string;
  end: string;
}

export type ElectionFormField = keyof ElectionFormValues;

/**
 * The election form's rules (spec 02 §5): title, start and end are required, the description is
 * optional. Whether the end is after the start is the server's call: its message is shown.
 */
export function validateElectionForm(values: ElectionFormValues) {
  const errors: Partial<Record<ElectionFormField, string>> = {};
  if (!values.title.trim()) errors.title = ELECTION_MSG.titleRequired;
  const start = fromLocalInput(values.start);
  const end = fromLocalInput(values.end);
  if (!values.start.trim()) errors.start = ELECTION_MSG.startRequired;
  else if (!start) errors.start = ELECTION_MSG.dateInvalid;
  if (!values.end.trim()) errors.end = ELECTION_MSG.endRequired;
  else if (!end) errors.end = ELECTION_MSG.dateInvalid;
  if (Object.keys(errors).length > 0 || !start || !end) return { ok: false as const, errors };
  return {
    ok: true as const,
    input: { title: values.title.trim(), description: values.description.trim() || null, start_time: start, end_time: end },
  };
}

/** What a candidate or member is called on these screens: the name, else the e-mail or matric number. */
export function personLabel(user: { name?: string | null; email?: string | null; matric_number?: string | null } | null | undefined): string {
  return user?.name?.trim() || user?.email || user?.matric_number || 'Unknown member';
}
