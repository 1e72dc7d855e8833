import { describe, expect, it } from 'vitest';
import { duesFor, isSessionYear, sessionOfDay, membershipStatusText, nextSessionYear, receiptNumber } from './finance.ts';

describe('finance rules', () => {
  it('takes a session only as two consecutive years', () => {
    expect(isSessionYear('2026-2027')).toBe(true);
    for (const bad of ['2026', '2026-2028', '2026/2027', ' 2026-2027', '26-27', '2027-2026']) expect(isSessionYear(bad), bad).toBe(false);
    expect(nextSessionYear('2026-2027')).toBe('2027-2028');
  });

  it('numbers receipts by association, session and a four-digit count', () => {
    expect(receiptNumber('AESA', '2026-2027', 1)).toBe('AESA-2026-2027-0001');
    expect(receiptNumber('Aero Soc.', '2026-2027', 12345)).toBe('AEROSOC-2026-2027-12345');
  });

  it("charges a level's own dues when the session sets one, else the one amount", () => {
    const session = { dues_amount: 5000, dues_by_level: { '100': 3000 } };
    expect(duesFor(session, '100')).toBe(3000);
    expect(duesFor(session, '300')).toBe(5000);
    expect(duesFor({ dues_amount: 5000, dues_by_level: null }, '100')).toBe(5000);
    expect(duesFor(session, null)).toBe(5000);
  });

  it('says the status for the session in words', () => {
    expect(membershipStatusText('financial', '2026-2027')).toBe('Financial member for 2026-2027');
  });

  it('takes a session to start on 1 September when none is marked current', () => {
    expect(sessionOfDay('2026-11-26')).toBe('2026-2027');
    expect(sessionOfDay('2026-09-01')).toBe('2026-2027');
    expect(sessionOfDay('2026-08-31')).toBe('2025-2026');
    expect(sessionOfDay('2027-01-15')).toBe('2026-2027');
  });
});
