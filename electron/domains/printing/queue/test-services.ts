/**
 * The print service as the queue's test files open it: fast retries, a short close, problems
 * kept quiet, and every service a test opened closed after it. One copy for print-service,
 * recovery and the rest (they pasted it before). Not in test-support.ts: that file is also
 * loaded by the kill test's child process, which has no Vitest.
 */
import { afterEach } from 'vitest';
import { PrintService } from './print-service.js';
import { type FakeDriver, fastRetry, pdfBytes } from './test-support.js';

type OpenOptions = Parameters<typeof PrintService.open>[2];

/** Registers the after-each close for the calling file; returns its `open`. */
export function servicesClosedAfterEach(): (
  spoolDir: string,
  drivers: FakeDriver[],
  extra?: OpenOptions,
) => Promise<PrintService> {
  const services: PrintService[] = [];
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.close().catch(() => {})));
  });
  return async (spoolDir, drivers, extra = {}) => {
    const service = await PrintService.open(spoolDir, drivers, {
      retry: fastRetry,
      closeGraceMs: 50,
      onProblem: () => {},
      ...extra,
    });
    services.push(service);
    return service;
  };
}

/** Asks `service` to print a small PDF titled `title` (the title is in its bytes too). */
export function enqueuePdf(service: PrintService, printerId: string, title: string) {
  return service.enqueue({ printerId, title, format: 'pdf', data: pdfBytes(title) });
}
