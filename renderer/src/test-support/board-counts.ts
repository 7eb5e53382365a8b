/**
 * The exceptions board's fixtures, shared by the board's, the kept board's and the CSV
 * tables' tests: Amsterdam (the location the recall fixtures hold stock at too), and a row's
 * counts with every kind a different number, so a column shown under the wrong header shows.
 */
export { AMS } from './pulled-marks';

export const boardCounts = (n: number) => ({
  onHand: n * 100,
  low: n,
  out: n + 1,
  expiring: n + 2,
  expired: n + 3,
  voluntary: n + 4,
  mandatory: n + 5,
});
