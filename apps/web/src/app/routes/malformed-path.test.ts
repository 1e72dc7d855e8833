import { describe, expect, it } from 'vitest';
import { isMalformedPath } from './malformed-path.ts';

describe('isMalformedPath', () => {
  it('finds a broken or cut percent-escape', () => {
    expect(isMalformedPath('/profile/%E0%A4%A')).toBe(true);
    expect(isMalformedPath('/%')).toBe(true);
    expect(isMalformedPath('/events/%zz')).toBe(true);
    expect(isMalformedPath('/profile/%C3')).toBe(true);
  });

  it('accepts plain and well-escaped paths', () => {
    expect(isMalformedPath('/')).toBe(false);
    expect(isMalformedPath('/profile/0b5d3c3e-1b1f-4a52-9d6a-8f0c2a7d9e11')).toBe(false);
    expect(isMalformedPath('/members/%E0%A4%A8')).toBe(false);
    expect(isMalformedPath('/a%20b')).toBe(false);
  });
});
