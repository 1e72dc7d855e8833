import { describe, expect, it } from 'vitest';
import { etagOf, shownValue, versionOfIfMatch } from './edit-version.ts';

describe('versions as ETags', () => {
  it('makes a strong ETag of a version and reads it back from If-Match', () => {
    expect(etagOf(7)).toBe('"7"');
    expect(versionOfIfMatch(etagOf(7))).toBe(7);
    expect(versionOfIfMatch('W/"3"')).toBe(3);
    expect(versionOfIfMatch(undefined)).toBeNull();
    expect(versionOfIfMatch(' ')).toBeNull();
  });

  it('refuses what names no version: *, a list, a bare number, zero', () => {
    for (const header of ['*', '"1", "2"', '3', '"0"', '"abc"', '"1234567890"']) expect(versionOfIfMatch(header), header).toBe('invalid');
  });

  it('shows values for a comparison', () => {
    expect(shownValue('')).toBe('—');
    expect(shownValue(null)).toBe('—');
    expect(shownValue(true)).toBe('Yes');
    expect(shownValue(['a', 'b'])).toBe('a, b');
    expect(shownValue(3)).toBe('3');
  });
});
