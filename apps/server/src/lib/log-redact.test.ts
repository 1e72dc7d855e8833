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

  it('redacts ballot receipts: the receipt check address, a receipt field and a bare receipt', () => {
    expect(scrubSecrets('/api/elections/9b2f6a4e-3c1d-4f5a-8b7e-1d2c3b4a5f6e/receipts/k7qf-2m9c-xw4t')).toBe('/api/elections/9b2f6a4e-3c1d-4f5a-8b7e-1d2c3b4a5f6e/receipts/[redacted]');
    expect(scrubSecrets('/api/elections/x/receipts/K7QF%202M9C?a=1')).toBe('/api/elections/x/receipts/[redacted]?a=1');
    expect(scrubSecrets('{"receipt":"K7QF-2M9C-XW4T","position":"President"}')).toBe('{"receipt":"[redacted]","position":"President"}');
    expect(scrubSecrets('params: ["K7QF-2M9C-XW4T", 3]')).toBe('params: ["[redacted]", 3]');
    // Not a receipt: ids, words and dates stay.
    for (const kept of ['{"id":"9B2F6A4E-3C1D-4F5A-8B7E-1D2C3B4A5F6E"}', 'transparency', '2026-11-24T12:00:00Z']) expect(scrubSecrets(kept)).toBe(kept);
  });
});
