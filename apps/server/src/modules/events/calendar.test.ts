import { describe, expect, it } from 'vitest';
import { calendarFileName, escapeText, foldLine } from './calendar.ts';

const unfold = (folded: string) => folded.replace(/\r\n /g, '');
const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('foldLine', () => {
  it('leaves a line of 75 octets alone and folds the 76th onto a continuation line', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('never splits an emoji or an escape, and every line stays within 75 octets', () => {
    for (let pad = 60; pad < 80; pad++) {
      const line = `DESCRIPTION:${'a'.repeat(pad)}🚀\\n🛰️\\,é${'b'.repeat(pad)}`;
      const folded = foldLine(line);
      expect(unfold(folded)).toBe(line);
      for (const part of folded.split('\r\n')) {
        expect(octets(part)).toBeLessThanOrEqual(75);
        expect(part.endsWith('\\') && !part.endsWith('\\\\')).toBe(false);
        expect(part).not.toContain('\uFFFD');
      }
    }
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and every kind of line break, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\rg\th\u0007i')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng\thi');
  });
});

describe('calendarFileName', () => {
  it("is the title in plain letters, or 'event' when none are left", () => {
    expect(calendarFileName('Drone Building Workshop!')).toBe('drone-building-workshop.ics');
    expect(calendarFileName('Café "Night"; 2026')).toBe('cafe-night-2026.ics');
    expect(calendarFileName('🚀🛰️')).toBe('event.ics');
  });
});
