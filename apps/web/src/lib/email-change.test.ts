import { describe, expect, it } from 'vitest';
import { emailChanged } from './email-change.ts';

describe('emailChanged', () => {
  it('compares as the server does: trimmed and lower-cased', () => {
    expect(emailChanged('ada@example.com', ' Ada@Example.com ')).toBe(false);
    expect(emailChanged('ada@example.com', 'ada2@example.com')).toBe(true);
  });
  it('an empty field is not a change (the required-field message covers it)', () => {
    expect(emailChanged('ada@example.com', '  ')).toBe(false);
  });
});
