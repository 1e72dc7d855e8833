import { describe, expect, it } from 'vitest';
import { urlWithoutTokens } from './log-redact.ts';

describe('urlWithoutTokens', () => {
  it('redacts every token parameter and keeps the rest', () => {
    expect(urlWithoutTokens('/setup?token=abc_DEF-123')).toBe('/setup?token=[redacted]');
    expect(urlWithoutTokens('/api/setup/status?x=1&token=abc&y=2')).toBe('/api/setup/status?x=1&token=[redacted]&y=2');
    expect(urlWithoutTokens('/a?TOKEN=abc#frag')).toBe('/a?TOKEN=[redacted]#frag');
    expect(urlWithoutTokens('/members?search=token')).toBe('/members?search=token');
    expect(urlWithoutTokens('/a?mytoken=abc')).toBe('/a?mytoken=abc');
  });
});
