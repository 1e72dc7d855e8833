import { describe, expect, it } from 'vitest';
import { isOneCharacterRepeated, PASSWORD_RULE_MSG, personalPasswordProblem } from './password-rules.ts';

const owner = { matric_number: 'AE/21/0042', email: 'tolu.ade@example.edu', name: 'Tolulope Ade', associationName: 'AESA' };

describe('the password rules', () => {
  it('one character repeated, in any script or width', () => {
    for (const p of ['        ', 'aaaaaaaa', '🚀🚀🚀🚀🚀🚀🚀🚀', 'ａａａａａａａａ']) expect(isOneCharacterRepeated(p), p).toBe(true);
    for (const p of ['aaaaaaab', 'abababab', '']) expect(isOneCharacterRepeated(p), p).toBe(false);
  });

  it('what the member’s details give away, case and separators aside', () => {
    expect(personalPasswordProblem('ae/21/0042!!', owner)).toBe(PASSWORD_RULE_MSG.matric);
    expect(personalPasswordProblem('xAE210042x', owner)).toBe(PASSWORD_RULE_MSG.matric);
    expect(personalPasswordProblem('TOLU.ADE-rocks', owner)).toBe(PASSWORD_RULE_MSG.emailName);
    expect(personalPasswordProblem('toluade-rocks', owner)).toBe(PASSWORD_RULE_MSG.emailName);
    expect(personalPasswordProblem('go-tolulope-go', owner)).toBe(PASSWORD_RULE_MSG.name);
    expect(personalPasswordProblem('Aesa-2026-wins', owner)).toBe(PASSWORD_RULE_MSG.association('AESA'));
    // "Ade" is under 4 letters: a password may contain it.
    expect(personalPasswordProblem('made-of-stars-9', owner)).toBeNull();
    // What is not known is not checked.
    expect(personalPasswordProblem('aesa-2026-wins', {})).toBeNull();
  });
});
