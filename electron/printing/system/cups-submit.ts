/**
 * Submits one file to a CUPS queue with `lp` and returns the CUPS job id. Failures come back as
 * PrintSystemError with a reason per job ("Zebra-2 is not accepting jobs.").
 */
import { type CupsRunOptions, runCupsTool } from './cups-exec';
import { isCupsRunning } from './cups-printers';
import { buildLpArgs, type LpJob, lpFailure, parseLpRequestId } from './lp-args';
import { PrintSystemError, printFailure } from './print-failure';

export type { LpJob, PrintMedia } from './lp-args';

export async function submitToCups(
  job: LpJob,
  options: CupsRunOptions = {},
): Promise<{ jobId: string }> {
  const result = await runCupsTool('lp', buildLpArgs(job), options);
  if (result.code === 0) {
    const jobId = parseLpRequestId(result.stdout);
    if (jobId) return { jobId };
    throw new PrintSystemError(
      printFailure(
        'unknown',
        `${job.printer} took the job but CUPS gave no job id.`,
        result.stdout.trim(),
      ),
    );
  }
  // Only on failure: ask the scheduler whether it is up, to tell "no such printer" from "no CUPS".
  const running = await isCupsRunning(options).catch(() => false);
  throw new PrintSystemError(lpFailure(result.stderr, job.printer, running));
}
