import { describe, expect, it } from 'vitest';
import { diffSkills, skillNameMax, skillProblem } from './skills.ts';

describe('skillNameMax', () => {
  it('is 12 at 768 px and wider, 15 below', () => {
    expect(skillNameMax(1280)).toBe(12);
    expect(skillNameMax(768)).toBe(12);
    expect(skillNameMax(767)).toBe(15);
    expect(skillNameMax(390)).toBe(15);
  });
});

describe('skillProblem', () => {
  it('refuses an empty or blank name', () => {
    expect(skillProblem('', [], 12)).toBe('Skill name cannot be empty.');
    expect(skillProblem('   ', [], 12)).toBe('Skill name cannot be empty.');
  });

  it('refuses a duplicate, whatever its case or spacing', () => {
    expect(skillProblem('matlab', ['MATLAB'], 12)).toBe('This skill already exists.');
    expect(skillProblem('  CAD   Design ', ['cad design'], 12)).toBe('This skill already exists.');
  });

  it('applies the 12-character limit on wide screens', () => {
    expect(skillProblem('a'.repeat(12), [], 12)).toBeNull();
    expect(skillProblem('a'.repeat(13), [], 12)).toBe('Skill name too long. Maximum 12 characters allowed.');
  });

  it('applies the 15-character limit on narrow screens', () => {
    expect(skillProblem('a'.repeat(15), [], 15)).toBeNull();
    expect(skillProblem('a'.repeat(16), [], 15)).toBe('Skill name too long. Maximum 15 characters allowed.');
  });

  it('counts the trimmed name', () => {
    expect(skillProblem(`  ${'a'.repeat(12)}  `, [], 12)).toBeNull();
  });
});

describe('diffSkills', () => {
  const stored = [
    { id: '1', skill_name: 'MATLAB' },
    { id: '2', skill_name: 'CFD' },
  ];

  it('adds new names and removes missing ones', () => {
    const diff = diffSkills(stored, ['MATLAB', 'Python']);
    expect(diff.added).toEqual(['Python']);
    expect(diff.removed.map((s) => s.id)).toEqual(['2']);
  });

  it('sends nothing when the list is the same', () => {
    expect(diffSkills(stored, ['cfd', 'matlab'])).toEqual({ added: [], removed: [] });
  });

  it('never adds the same new name twice', () => {
    expect(diffSkills([], ['Rocketry', 'rocketry']).added).toEqual(['Rocketry']);
  });
});
