import { ELECTION_MSG } from '@aesa/shared/elections';
import { describe, expect, it } from 'vitest';
import { toLocalInput } from '@/lib/datetime-local.ts';
import { computeStatus, personLabel, publishAction, validateElectionForm } from './election-rules.ts';

const election = { start_time: '2025-03-10T08:00:00.000Z', end_time: '2025-03-12T18:00:00.000Z' };

describe('computeStatus (spec 02 §4)', () => {
  it('is upcoming before the start', () => {
    expect(computeStatus(election, new Date('2025-03-10T07:59:59.999Z'))).toBe('upcoming');
  });
  it('is active from the start to the end, both included', () => {
    expect(computeStatus(election, new Date('2025-03-10T08:00:00.000Z'))).toBe('active');
    expect(computeStatus(election, new Date('2025-03-11T12:00:00.000Z'))).toBe('active');
    expect(computeStatus(election, new Date('2025-03-12T18:00:00.000Z'))).toBe('active');
  });
  it('is ended after the end', () => {
    expect(computeStatus(election, new Date('2025-03-12T18:00:00.001Z'))).toBe('ended');
  });
});

describe('publishAction', () => {
  const at = (iso: string) => new Date(iso);
  it('offers no button before the start', () => {
    expect(publishAction({ ...election, results_published: false }, at('2025-03-01T00:00:00Z'))).toBeNull();
  });
  it('offers Publish Live Results while active and Publish Final Results once ended', () => {
    expect(publishAction({ ...election, results_published: false }, at('2025-03-11T00:00:00Z'))).toBe('live');
    expect(publishAction({ ...election, results_published: false }, at('2025-03-13T00:00:00Z'))).toBe('final');
  });
  it('offers nothing once the results are public', () => {
    expect(publishAction({ ...election, results_published: true }, at('2025-03-11T00:00:00Z'))).toBeNull();
    expect(publishAction({ ...election, results_published: true }, at('2025-03-13T00:00:00Z'))).toBeNull();
  });
});

describe('validateElectionForm (spec 02 §5)', () => {
  it('requires title, start and end, with the shared messages', () => {
    const result = validateElectionForm({ title: '  ', description: '', start: '', end: '' });
    expect(result).toEqual({
      ok: false,
      errors: { title: ELECTION_MSG.titleRequired, start: ELECTION_MSG.startRequired, end: ELECTION_MSG.endRequired },
    });
  });

  it('leaves the end-after-start rule to the server (no such check in the form)', () => {
    const result = validateElectionForm({ title: 'Vote', description: '', start: '2025-03-12T10:00', end: '2025-03-10T10:00' });
    expect(result.ok).toBe(true);
  });

  it('sends trimmed text, a null description when empty, and ISO instants of the local times', () => {
    const result = validateElectionForm({ title: ' General Elections ', description: '  ', start: '2025-03-10T09:00', end: '2025-03-12T18:30' });
    if (!result.ok) throw new Error('expected valid');
    expect(result.input.title).toBe('General Elections');
    expect(result.input.description).toBeNull();
    expect(toLocalInput(result.input.start_time)).toBe('2025-03-10T09:00');
    expect(toLocalInput(result.input.end_time)).toBe('2025-03-12T18:30');
    expect(result.input.start_time).toMatch(/Z$/);
  });

  it('refuses text that is not a date and time', () => {
    const result = validateElectionForm({ title: 'Vote', description: '', start: 'tomorrow', end: '2025-03-12T18:30' });
    expect(result).toEqual({ ok: false, errors: { start: ELECTION_MSG.dateInvalid } });
  });
});

describe('personLabel', () => {
  it('prefers the name, then the e-mail, then the matric number', () => {
    expect(personLabel({ name: 'Ada', email: 'a@x.org' })).toBe('Ada');
    expect(personLabel({ name: ' ', email: 'a@x.org', matric_number: 'AE/1' })).toBe('a@x.org');
    expect(personLabel({ name: '', matric_number: 'AE/1' })).toBe('AE/1');
    expect(personLabel(undefined)).toBe('Unknown member');
  });
});
