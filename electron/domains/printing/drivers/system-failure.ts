/**
 * The system print layer reports a typed PrintSystemError; the queue understands PrintFailure
 * (a reason and whether retrying can help). This is the one place that translates.
 */
import { PrintFailure } from '../queue/types';
import { PrintSystemError } from '../system/print-failure';

export async function asQueueFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PrintSystemError) {
      const { message, transient, reached } = error.failure;
      throw new PrintFailure(message, transient, reached ?? 'none');
    }
    throw error;
  }
}
