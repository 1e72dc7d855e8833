import { describe, expect, it } from 'vitest';
import { FLASH_TOP, flashTop } from './flash-placement.ts';

const column = { left: 884, right: 1268 };
const box = (left: number, top: number, size = 40) => ({ left, right: left + size, top, bottom: top + size });

describe('flashTop', () => {
  it('keeps the usual place without a dialog', () => {
    expect(flashTop(column, [])).toBe(FLASH_TOP);
  });

  it('starts below a close button in the same column', () => {
    expect(flashTop(column, [box(924, 28)])).toBe(76);
  });

  it('ignores a close button beside the column', () => {
    expect(flashTop(column, [box(600, 28)])).toBe(FLASH_TOP);
  });

  it('clears the lowest of several close buttons (a dialog over a menu)', () => {
    expect(flashTop({ left: 12, right: 378 }, [box(320, 12), box(322, 200)])).toBe(248);
  });

  it('ignores a close button scrolled above the window', () => {
    expect(flashTop(column, [box(924, -60)])).toBe(FLASH_TOP);
  });
});
