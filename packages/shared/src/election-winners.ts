// Installing an election's winners as the executives: the texts both sides show. The request and
// answer shapes are in schemas/election-winners.ts (zod).

export const WINNERS_MSG = {
  notFinal: 'Winners can be installed only after the final results are published: voting must have ended and the results must be public.',
  alreadyInstalled: (year: string) =>
    `The winners of this election were already installed as the executives for ${year}. Make any further change under Data Management, Executives.`,
  noWinners: 'No position of this election has a winner to install.',
  /** The button on the Electoral screen and the title of its confirmation. */
  action: 'Install Winners as Executives',
  confirm: (n: number, year: string) => `Install ${n} ${n === 1 ? 'winner' : 'winners'} as the executives for ${year}?`,
  tiesNotInstalled: 'Ties are not installed: the rules call for a re-election within 3 days.',
  installed: (n: number, year: string) => `${n} ${n === 1 ? 'winner' : 'winners'} installed as the executives for ${year}.`,
  installedOn: (year: string) => `Winners installed as the executives for ${year}.`,
} as const;
