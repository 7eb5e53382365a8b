/**
 * Submits one file to a CUPS queue with `lp` and returns the CUPS job id. Failures come back as
 * PrintSystemError with a reason per job ("Zebra-2 is not accepting jobs.").
 *
 * lp's exit status is the line between "not submitted" and "submitted": 0 means CUPS has the
 * job, whatever lp printed, so it is never submitted again (an answer without a job id is still
 * a submitted job). An lp that did not finish (it timed out or was stopped) may have handed the
 * job over before it was cut off: that is `reached: 'maybe'`, for a person to check, not a retry.
 */
import { type CupsRunOptions, runCupsTool } from './cups-exec';
import { isCupsRunning } from './cups-printers';
import { buildLpArgs, type LpJob, lpFailure, parseLpRequestId } from './lp-args';
import { PrintSystemError, printFailure } from './print-failure';

export type { LpJob, PrintMedia } from './lp-args';

export async function submitToCups(
  job: LpJob,
  options: CupsRunOptions = {},
): Promise<{ jobId?: string }> {
  let result: Awaited<ReturnType<typeof runCupsTool>>;
  try {
    result = await runCupsTool('lp', buildLpArgs(job), options);
  } catch (error) {
    throw cutOff(error, job.printer);
  }
  if (result.code === 0) {
    const jobId = parseLpRequestId(result.stdout);
    return jobId ? { jobId } : {};
  }
  // Only on failure: ask the scheduler whether it is up, to tell "no such printer" from "no CUPS".
  const running = await isCupsRunning(options).catch(() => false);
  throw new PrintSystemError(lpFailure(result.stderr, job.printer, running));
}

/** lp cut off mid-run (timed out, stopped): the job may already be with CUPS. */
function cutOff(error: unknown, printer: string): unknown {
  if (!(error instanceof PrintSystemError)) return error;
  const { kind, detail } = error.failure;
  if (kind !== 'timeout' && kind !== 'interrupted') return error;
  const why =
    kind === 'timeout' ? 'The print system did not answer in time' : 'Sending was cut off';
  return new PrintSystemError(
    printFailure(
      kind,
      `${why} while handing the job to ${printer}; CUPS may have it. Check the printer's queue before printing it again.`,
      detail,
      'maybe',
    ),
  );
}
