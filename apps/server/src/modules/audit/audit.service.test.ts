import { describe, expect, it } from 'vitest';
import { changesOf } from './audit.service.ts';
import { AUDIT_ACTIONS, summaryOf } from './audit-actions.ts';

describe('changesOf', () => {
  it('lists the fields sent, with the values as the route understood them, and never a secret', () => {
    const sent = { title: '  Spring  ', password: 'hunter2', current_password: 'x', code: '123456', settings: { api_token: 't', colour: 'blue' } };
    const understood = { title: 'Spring', settings: { api_token: 't', colour: 'blue' } };
    const changes = changesOf(sent, understood);
    expect(changes.map((c) => c.field)).toEqual(['title', 'settings']);
    expect(changes[0]).toEqual({ field: 'title', value: 'Spring' });
    expect(JSON.stringify(changes)).not.toMatch(/hunter2|123456|"t"/);
  });

  it('shortens long text and counts long lists', () => {
    const [text, list, short] = changesOf({ body: 'x'.repeat(500), recipient_users: Array.from({ length: 40 }, (_, i) => `m${i}@x.test`), roles: ['a', 'b'] }, undefined);
    expect((text!.value as string).length).toBe(201);
    expect(list!.value).toBe('40 items');
    expect(short!.value).toEqual(['a', 'b']);
  });

  it('keeps the value before a versioned change for the record\'s own fields, and not the version sent', () => {
    const before = { location: 'Hall A', event_date: new Date('2026-05-01T10:00:00Z'), version: 3 };
    const changes = changesOf({ location: 'Lab 3', event_date: '2026-05-02T10:00:00Z', note: 'x', version: 3 }, undefined, before);
    expect(changes).toEqual([
      { field: 'location', value: 'Lab 3', before: 'Hall A' },
      { field: 'event_date', value: '2026-05-02T10:00:00Z', before: '2026-05-01T10:00:00.000Z' },
      { field: 'note', value: 'x' },
    ]);
  });

  it('answers nothing for a body that is not an object', () => {
    expect(changesOf('text', undefined)).toEqual([]);
    expect(changesOf([1, 2], undefined)).toEqual([]);
    expect(changesOf(null, undefined)).toEqual([]);
  });
});

describe('summaryOf', () => {
  it('says the act in words, and a refused or failed one as tried', () => {
    expect(summaryOf(AUDIT_ACTIONS['PATCH /api/elections/:id']!, 'ok')).toBe('updated election');
    expect(summaryOf(AUDIT_ACTIONS['DELETE /api/elections/:id/candidates/:candidateId']!, 'ok')).toBe('removed candidate');
    expect(summaryOf(AUDIT_ACTIONS['POST /api/elections/:id/candidates']!, 'ok')).toBe('added candidate');
    expect(summaryOf(AUDIT_ACTIONS['POST /api/admin/users']!, 'ok')).toBe('made admin');
    expect(summaryOf(AUDIT_ACTIONS['DELETE /api/admin/roles/:id']!, 'denied')).toBe('tried to delete role');
    expect(summaryOf(AUDIT_ACTIONS['POST /api/setup/first-admin']!, 'ok')).toBe('created the first administrator');
  });
});
