/** One colour per position, each readable on white and told apart from its neighbours (chart and key alike). */
export const LINE_COLOURS = ['#1d4ed8', '#b91c1c', '#047857', '#7c3aed', '#b45309', '#0e7490', '#be185d', '#4d7c0f', '#334155', '#c2410c'];
export const colourOf = (i: number) => LINE_COLOURS[i % LINE_COLOURS.length]!;
