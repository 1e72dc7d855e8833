// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { promptSkipped, skipPrompt } from './completion-prompt.ts';

afterEach(() => sessionStorage.clear());

describe('the complete-your-profile prompt', () => {
  it('is not skipped until the member skips it, and a skip is per member', () => {
    expect(promptSkipped('a')).toBe(false);
    skipPrompt('a');
    expect(promptSkipped('a')).toBe(true);
    expect(promptSkipped('b')).toBe(false);
  });

  it('forgets the skip with the browser session', () => {
    skipPrompt('a');
    sessionStorage.clear();
    expect(promptSkipped('a')).toBe(false);
  });
});
