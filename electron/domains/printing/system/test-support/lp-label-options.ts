/**
 * What lp is given for a label on 4x6 media (w288h432), as the CUPS tests expect it: the
 * media by its PWG name, and no fitting or scaling, so the label prints at 100 %.
 */
export const LP_4X6_LABEL_OPTIONS = [
  '-o',
  'media=na_index-4x6_4x6in',
  '-o',
  'fit-to-page=false',
  '-o',
  'print-scaling=none',
] as const;
