import { describe, expect, it } from 'vitest';
import { newPasswordField } from '@aesa/shared/schemas/auth';
import { loadConfig } from '../../config.ts';
import { newDemoPassword } from './demo-logins.ts';

describe('demo passwords', () => {
  it('are 20 random characters without look-alikes, in groups of four, and never repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const p = newDemoPassword();
      expect(p).toMatch(/^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){4}$/);
      expect(newPasswordField.safeParse(p).success).toBe(true); // passes the rules of a chosen password
      seen.add(p);
    }
    expect(seen.size).toBe(2000);
  });
});

describe('the demo seed by default', () => {
  it('runs on the embedded database outside production only', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/aesa' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });
});
