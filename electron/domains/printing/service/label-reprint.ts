/**
 * One label out of a batch: a job's orders by name, and one order's label pages copied out of
 * the job's kept PDF into a new job, marked as a reprint ("Label #10983 (reprint)"). Only for
 * a labels job whose pages are known to be its orders' labels, in order (the page count
 * matched, see batch-verify.ts): otherwise the page would be a guess, and a guess prints the
 * wrong customer's label.
 */
import { readFile } from 'node:fs/promises';
import type { PrintJobOrder, PrintJobOrders } from '@shared/contract/printing-values';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import type { PrintService } from '../queue/print-service';
import { type PrintJob, PrintRequestError } from '../queue/types';
import { jobTitle } from './job-titles';

export function jobOrders(job: PrintJob): PrintJobOrders {
  const matched = pagesMatch(job);
  let page = 1;
  const orders: PrintJobOrder[] = (job.orders ?? []).map((o) => {
    if (!matched) return { id: o.id, name: o.name };
    const entry = { id: o.id, name: o.name, labels: o.labels ?? 0, firstPage: page };
    page += o.labels ?? 0;
    return entry;
  });
  return { jobId: job.id, orders, matched };
}

/** Its orders' label counts add up to the pages it has: page n is known to be whose label. */
export function pagesMatch(job: PrintJob): boolean {
  const orders = job.orders ?? [];
  if (job.format !== 'pdf' || orders.length === 0) return false;
  if (orders.some((o) => o.labels === undefined)) return false;
  const total = orders.reduce((sum, o) => sum + (o.labels ?? 0), 0);
  return total > 0 && total === job.pages?.received;
}

export async function reprintOrderLabel(
  service: PrintService,
  jobId: string,
  orderId: number,
  overrides: { printerId?: string; copies?: number },
): Promise<PrintJob> {
  const job = service.get(jobId);
  if (!job) throw new PrintRequestError('That print job is no longer in the history.');
  const { orders, matched } = jobOrders(job);
  const order = orders.find((o) => o.id === orderId);
  if (!order) throw new PrintRequestError(`Order ${orderId} is not in “${job.title}”.`);
  if (!matched || !order.firstPage || !order.labels) {
    throw new PrintRequestError(
      order.labels === 0
        ? `${order.name} has no label in “${job.title}”.`
        : `The pages of “${job.title}” are not known to match its orders, so ${order.name}’s label cannot be picked out of it. Reprint the whole job, or print the order’s label again.`,
    );
  }
  let bytes: Uint8Array;
  try {
    bytes = await extractPages(await readFile(job.file), order.firstPage, order.labels);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new PrintRequestError(`The file of “${job.title}” is no longer kept.`);
    }
    throw error;
  }
  const one = [{ id: order.id, name: order.name, labels: order.labels }];
  return service.enqueueReprint(job, bytes, {
    ...overrides,
    title: jobTitle(one, ['shipping_label'], order.labels),
    orders: one,
    pages: { expected: order.labels, received: order.labels },
  });
}

/** Pages first..first+count-1 (1-based) of a PDF, as a PDF of their own. */
export async function extractPages(
  pdf: Uint8Array,
  first: number,
  count: number,
): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf, {
    updateMetadata: false,
    ignoreEncryption: true,
    parseSpeed: ParseSpeeds.Fastest,
  });
  const out = await PDFDocument.create({ updateMetadata: false });
  const indices = Array.from({ length: count }, (_, i) => first - 1 + i);
  for (const page of await out.copyPages(source, indices)) out.addPage(page);
  return out.save();
}
