import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The web's public pages use these modules' rules and texts; zod (a quarter of a page's
// JavaScript) comes only with the schemas in schemas/<area>.ts, loaded when a form validates.
const ZOD_FREE = ['auth', 'profile', 'mfa', 'setup', 'members', 'elections', 'results', 'constants', 'messages', 'receipts'];

describe('plain rule modules', () => {
  it.each(ZOD_FREE)('%s.ts imports no zod', (area) => {
    const source = readFileSync(new URL(`./${area}.ts`, import.meta.url), 'utf8');
    expect(source).not.toMatch(/from 'zod'|import\('zod'\)/);
    // A value import from a schemas module would bring zod along; type-only re-exports do not.
    expect(source.match(/^(?:import|export) (?!type )[^;]*from '\.\/schemas\//gm) ?? []).toEqual([]);
  });
});
