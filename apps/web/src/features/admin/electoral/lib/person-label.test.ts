import { describe, expect, it } from 'vitest';
import { personLabel } from './person-label.ts';

describe('personLabel', () => {
  it('prefers the name, then the e-mail, then the matric number', () => {
    expect(personLabel({ name: 'Ada', email: 'a@x.org' })).toBe('Ada');
    expect(personLabel({ name: ' ', email: 'a@x.org', matric_number: 'AE/1' })).toBe('a@x.org');
    expect(personLabel({ name: '', matric_number: 'AE/1' })).toBe('AE/1');
    expect(personLabel(undefined)).toBe('Unknown member');
  });
});
