/**
 * Whether this run has the private CUPS of scripts/with-cups.sh (its scheduler and its PDF
 * queue's output folder); the system CUPS is never used. Outside it the real-CUPS tests skip
 * and say why, except under PACKBENCH_REQUIRE_CUPS=1 (the test command's), where they run and
 * fail on the missing CUPS instead.
 */

/** Where the private PDF queue writes its files, and its scheduler's folder. */
export const pdfDir = process.env.PACKBENCH_CUPS_PDF_DIR ?? '';
export const cupsDir = process.env.PACKBENCH_CUPS_DIR ?? '';

/** Why the private CUPS is not there ('' when it is). */
export const noCupsReason =
  process.env.PACKBENCH_TEST_CUPS !== '1' || !process.env.CUPS_SERVER || !pdfDir
    ? 'not inside scripts/with-cups.sh (npm test uses it); the system CUPS is left alone'
    : '';

/** Skip the real-CUPS tests: no private CUPS, and the run does not require one. */
export const skipCups = noCupsReason !== '' && process.env.PACKBENCH_REQUIRE_CUPS !== '1';

/** A suite's title, with the reason when it is skipped. */
export const cupsTitle = (title: string) =>
  skipCups ? `${title} (skipped: ${noCupsReason})` : title;
