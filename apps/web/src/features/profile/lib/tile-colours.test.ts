import { describe, expect, it } from 'vitest';
import { TILE_PALETTE, assignTileColours } from './tile-colours.ts';

/** A small seeded generator, so that failures can be replayed. */
function seeded(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function neighboursDiffer(colours: number[], columns: number) {
  return colours.every((c, i) => (i % columns === 0 || colours[i - 1] !== c) && (i < columns || colours[i - columns] !== c));
}

describe('assignTileColours', () => {
  it('uses a palette of 12 colours', () => {
    expect(TILE_PALETTE).toHaveLength(12);
    expect(new Set(TILE_PALETTE).size).toBe(12);
  });

  it('never gives a tile the colour of its left or upper neighbour in a 3-column grid', () => {
    for (let seed = 0; seed < 500; seed++) {
      const colours = assignTileColours(40, { random: seeded(seed) });
      expect(colours).toHaveLength(40);
      expect(colours.every((c) => c >= 0 && c < 12)).toBe(true);
      expect(neighboursDiffer(colours, 3)).toBe(true);
    }
  });

  it('holds even when the random source always answers the same', () => {
    for (const value of [0, 0.5, 0.999999]) {
      expect(neighboursDiffer(assignTileColours(30, { random: () => value }), 3)).toBe(true);
    }
  });

  it('is random: different draws give different layouts', () => {
    const layouts = new Set(Array.from({ length: 20 }, (_, seed) => assignTileColours(9, { random: seeded(seed + 1) }).join()));
    expect(layouts.size).toBeGreaterThan(1);
  });

  it('gives nothing for no tiles', () => {
    expect(assignTileColours(0)).toEqual([]);
  });
});
