// Skill tiles: a palette of 12 colours chosen at random, with no tile the same
// colour as its neighbour to the left or above in a 3-column grid. Every colour carries white
// text at WCAG AA contrast or better.

export const TILE_PALETTE = [
  'bg-red-700',
  'bg-orange-700',
  'bg-amber-700',
  'bg-green-700',
  'bg-teal-700',
  'bg-cyan-700',
  'bg-blue-700',
  'bg-indigo-700',
  'bg-violet-700',
  'bg-fuchsia-700',
  'bg-pink-700',
  'bg-slate-700',
] as const;

/**
 * A palette index for each of `count` tiles laid out `columns` wide, drawn at random (with
 * `random`, for tests) among the colours that differ from the left and upper neighbours.
 */
export function assignTileColours(
  count: number,
  { columns = 3, paletteSize = TILE_PALETTE.length, random = Math.random }: { columns?: number; paletteSize?: number; random?: () => number } = {},
): number[] {
  const colours: number[] = [];
  for (let i = 0; i < count; i++) {
    const taken = new Set<number>();
    if (i % columns !== 0) taken.add(colours[i - 1]!);
    if (i >= columns) taken.add(colours[i - columns]!);
    const allowed = Array.from({ length: paletteSize }, (_, c) => c).filter((c) => !taken.has(c));
    const pick = allowed[Math.min(allowed.length - 1, Math.floor(random() * allowed.length))];
    colours.push(pick ?? 0);
  }
  return colours;
}
