import type { AdminMeResponse } from '@aesa/shared/admin';
import { describe, expect, it } from 'vitest';
import { canUseModule } from './module-access.ts';
import { adminFlags } from '@/testing/factories.ts';

const none = adminFlags();

describe('canUseModule (the dashboard cards)', () => {
  it('follows the modules the server computed from the role (its flag, or super admin)', () => {
    const me = { flags: { ...none, is_super_admin: true }, modules: { editorial: false, electoral: true, event: false, email: false, data: false, super: false } };
    expect(canUseModule(me as AdminMeResponse, 'electoral')).toBe(true);
    expect(canUseModule(me as AdminMeResponse, 'editorial')).toBe(false);
  });

  it('is false without an answer', () => {
    expect(canUseModule(undefined, 'event')).toBe(false);
  });
});
