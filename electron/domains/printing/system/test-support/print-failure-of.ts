/**
 * The failure a print-system call ended in (what the job's reason is made of). A call that
 * succeeded, or failed with anything but a PrintSystemError, fails the test here.
 */
import { expect } from 'vitest';
import { PrintSystemError } from '../print-failure';

export async function printFailureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PrintSystemError);
  return (error as PrintSystemError).failure;
}
