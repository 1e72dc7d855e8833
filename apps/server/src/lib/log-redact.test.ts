import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './log-redact.ts';

describe('scrubSecrets', () => {
  it('redacts every token parameter and keeps the rest', () => {
    expect(scrubSecrets('/setup?token=abc_DEF-123')).toBe('/setup?token=[redacted]');
    expect(scrubSecrets('/api/setup/status?x=1&token=abc&y=2')).toBe('/api/setup/status?x=1&token=[redacted]&y=2');
    expect(scrubSecrets('/a?TOKEN=abc#frag')).toBe('/a?TOKEN=[redacted]#frag');
    expect(scrubSecrets('/a?reset_token=abc')).toBe('/a?reset_token=[redacted]');
    expect(scrubSecrets('/next=%2Freset%3Ftoken%3Dabc')).toBe('/next=%2Freset%3Ftoken%3D[redacted]');
    expect(scrubSecrets('/members?search=token')).toBe('/members?search=token');
  });

  it('redacts secret fields and a bare token anywhere in a line (an error quoting a query, say)', () => {
    const token = randomBytes(32).toString('base64url');
    expect(scrubSecrets(`{"msg":"insert failed","params":["a@b.c","see /x/${token} now"]}`)).not.toContain(token);
    expect(scrubSecrets('{"new_password":"hunter2hunter2","name":"Ada"}')).toBe('{"new_password":"[redacted]","name":"Ada"}');
    expect(scrubSecrets('{"id":"9b2f6a4e-3c1d-4f5a-8b7e-1d2c3b4a5f6e"}')).toBe('{"id":"9b2f6a4e-3c1d-4f5a-8b7e-1d2c3b4a5f6e"}');
  });
});
