import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './exports.ts';

describe('neutraliseCell', () => {
  it('prefixes an apostrophe to a cell a spreadsheet would read as a formula', () => {
    for (const text of ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tTab', '\rReturn']) expect(neutraliseCell(text)).toBe(`'${text}`);
  });

  it('leaves every other cell as it is', () => {
    for (const text of ['Ada Obi', '', '2026-11-26T10:00:00.000Z', "'already", 'a=b', 'Ọlá', ' =spaced']) expect(neutraliseCell(text)).toBe(text);
  });
});
