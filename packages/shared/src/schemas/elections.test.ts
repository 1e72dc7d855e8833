import { describe, expect, it } from 'vitest';
import { ELECTION_MSG, electionStatus, publishAction } from '../elections.ts';
import { candidateCreateSchema, candidateFormSchema, electionCreateSchema, electionFormSchema } from './elections.ts';
import { firstMessages as messages } from '../testing/form-messages.ts';

const election = { start_time: '2025-03-10T08:00:00.000Z', end_time: '2025-03-12T18:00:00.000Z' };
const status = (iso: string) => electionStatus(election.start_time, election.end_time, new Date(iso));

describe('election status', () => {
  it('is upcoming before the start, active from start to end (both included), ended after', () => {
    expect(status('2025-03-10T07:59:59.999Z')).toBe('upcoming');
    expect(status('2025-03-10T08:00:00.000Z')).toBe('active');
    expect(status('2025-03-11T12:00:00.000Z')).toBe('active');
    expect(status('2025-03-12T18:00:00.000Z')).toBe('active');
    expect(status('2025-03-12T18:00:00.001Z')).toBe('ended');
  });
});

describe('publishAction', () => {
  const at = (iso: string) => new Date(iso);
  const e = { ...election, final_results_published: false, voting_closed: false };
  it('offers no button before the start, Live while active, Final once ended, nothing once the final results are public', () => {
    expect(publishAction({ ...e, results_published: false }, at('2025-03-01T00:00:00Z'))).toBeNull();
    expect(publishAction({ ...e, results_published: false }, at('2025-03-11T00:00:00Z'))).toBe('live');
    expect(publishAction({ ...e, results_published: false }, at('2025-03-13T00:00:00Z'))).toBe('final');
    expect(publishAction({ ...e, results_published: true }, at('2025-03-11T00:00:00Z'))).toBeNull();
    expect(publishAction({ ...e, results_published: true, final_results_published: true, voting_closed: true }, at('2025-03-13T00:00:00Z'))).toBeNull();
  });
  it('offers Final after the close even when the live results were published, and after an early close', () => {
    expect(publishAction({ ...e, results_published: true }, at('2025-03-13T00:00:00Z'))).toBe('final');
    expect(publishAction({ ...e, results_published: true, voting_closed: true }, at('2025-03-11T00:00:00Z'))).toBe('final');
  });
});

describe('the election form', () => {
  it('requires title, start and end, with the shared messages', () => {
    expect(messages(electionFormSchema.safeParse({ title: '  ', description: '', start_time: '', end_time: '' }))).toEqual({
      title: ELECTION_MSG.titleRequired,
      start_time: ELECTION_MSG.startRequired,
      end_time: ELECTION_MSG.endRequired,
    });
  });

  it('leaves the end-after-start rule to the server (the route checks it, the form does not)', () => {
    const reversed = { title: 'Vote', start_time: '2025-03-12T10:00:00Z', end_time: '2025-03-10T10:00:00Z' };
    expect(electionFormSchema.safeParse(reversed).success).toBe(true);
    expect(messages(electionCreateSchema.safeParse(reversed))).toEqual({ end_time: ELECTION_MSG.endBeforeStart });
  });

  it('sends trimmed text and a null description when empty; refuses text that is not a date and time', () => {
    expect(electionFormSchema.parse({ title: ' General Elections ', description: '  ', start_time: election.start_time, end_time: election.end_time })).toMatchObject({
      title: 'General Elections',
      description: null,
    });
    expect(messages(electionFormSchema.safeParse({ title: 'Vote', start_time: 'tomorrow', end_time: election.end_time }))).toEqual({ start_time: ELECTION_MSG.dateInvalid });
  });
});

describe('the candidate form', () => {
  it('is the route schema, asking to choose a member when none is', () => {
    expect(messages(candidateFormSchema.safeParse({ user_id: '', position: 'President' }))).toEqual({ user_id: ELECTION_MSG.memberRequired });
    expect(messages(candidateCreateSchema.safeParse({ user_id: '', position: 'President' }))).toEqual({ user_id: ELECTION_MSG.memberNotFound });
    expect(messages(candidateFormSchema.safeParse({ user_id: '00000000-0000-4000-8000-000000000001', position: 'Captain' }))).toEqual({ position: ELECTION_MSG.positionInvalid });
  });
});
