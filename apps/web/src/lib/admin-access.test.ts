import type { AdminMeResponse } from '@aesa/shared/admin';
import { describe, expect, it } from 'vitest';
import { canUseModule } from './admin-access.ts';

const none = {
  is_super_admin: false,
  is_editorial_admin: false,
  is_data_admin: false,
  is_electoral_admin: false,
  is_event_admin: false,
  is_email_admin: false,
};

describe('canUseModule (spec 02 §6 card access)', () => {
  it('follows the server modules when they are given', () => {
    const me = { flags: { ...none, is_super_admin: true }, modules: { editorial: false, electoral: true, event: false, email: false, data: false, super: false } };
    expect(canUseModule(me as AdminMeResponse, 'electoral')).toBe(true);
    expect(canUseModule(me as AdminMeResponse, 'editorial')).toBe(false);
  });

  it('from the flags alone: a module needs its flag or super admin; Super Admin needs super admin', () => {
    const event = { flags: { ...none, is_event_admin: true } } as AdminMeResponse;
    expect(canUseModule(event, 'event')).toBe(true);
    for (const m of ['editorial', 'electoral', 'email', 'data', 'super'] as const) expect(canUseModule(event, m)).toBe(false);
    const sup = { flags: { ...none, is_super_admin: true } } as AdminMeResponse;
    for (const m of ['editorial', 'electoral', 'event', 'email', 'data', 'super'] as const) expect(canUseModule(sup, m)).toBe(true);
    const editorialOnly = { flags: { ...none, is_editorial_admin: true, is_data_admin: true } } as AdminMeResponse;
    expect(canUseModule(editorialOnly, 'super')).toBe(false);
    expect(canUseModule(editorialOnly, 'data')).toBe(true);
  });

  it('is false without an answer', () => {
    expect(canUseModule(undefined, 'event')).toBe(false);
  });
});
