import { describe, expect, it } from 'vitest';
import { rememberedOrigin } from './guards.tsx';

describe('the origin a guard remembers', () => {
  it('returns a path of this app', () => {
    expect(rememberedOrigin({ from: '/election/42?x=1#top' })).toBe('/election/42?x=1#top');
  });

  it('ignores other sites, guest pages and junk', () => {
    expect(rememberedOrigin({ from: '//evil.example/x' })).toBeNull();
    expect(rememberedOrigin({ from: 'https://evil.example' })).toBeNull();
    expect(rememberedOrigin({ from: '/login' })).toBeNull();
    expect(rememberedOrigin({ from: '/register?x' })).toBeNull();
    expect(rememberedOrigin({ from: 42 })).toBeNull();
    expect(rememberedOrigin(null)).toBeNull();
  });
});
