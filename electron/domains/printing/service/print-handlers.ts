/**
 * The printing methods of the bridge contract over the print service, the printer registry
 * and the API. The route is resolved before anything is fetched where the format is known, so
 * a wrong printer costs no request; refusals become `print_refused` with the reason.
 */
import type { PrintRouteKind } from '@shared/contract/printing-settings';
import type { PrintJobView, ResolvedRoute } from '@shared/contract/printing-values';
import { BridgeFailure } from '../../../kernel/failure';
import { asHandlers, type CallContext, type Handlers } from '../../../kernel/handler-types';
import { inspectPdf } from '../documents/pdf-media';
import { testLabelZpl, testPagePdf } from '../documents/test-page';
import { UnprintableDocument } from '../documents/unprintable';
import { type PrintJob, PrintRequestError } from '../queue/types';
import { fetchReturnLabel, fetchShipmentLabel } from './api-documents';
import { createBatchHandlers } from './batch-handlers';
import { jobView } from './job-view';
import { printableLabel } from './label-bytes';
import { jobOrders, reprintOrderLabel } from './label-reprint';
import { LocalStoreError } from './local-store-port';
import type { EnqueueExtra, PrintHandlerDeps, PrintTools } from './print-tools';
import { RouteError, type RouteOverride, resolveRoute } from './routing';

export type { EnqueueExtra, PrintHandlerDeps, PrintTools } from './print-tools';

export function createPrintHandlers(deps: PrintHandlerDeps) {
  const { service, registry } = deps;
  const view = (job: PrintJob): PrintJobView => jobView(job, registry.nameOf(job.printerId));

  const route = async (
    kind: PrintRouteKind,
    format: 'pdf' | 'zpl',
    override: RouteOverride | undefined,
  ): Promise<ResolvedRoute> => {
    await deps.ready;
    await registry.sync();
    return resolveRoute(kind, format, deps.settings(), registry.list(), override);
  };

  /**
   * Spools one document. A PDF is read first when it is small or its paper must be known
   * ("default": the document's own size, see pdf-media.ts), so one with no pages is refused
   * to the caller at once; a batch's large labels PDF is counted by the queue instead, off
   * the caller's path, and held until then (see PrintService.count).
   */
  const enqueue = async (
    r: ResolvedRoute,
    format: 'pdf' | 'zpl',
    bytes: Uint8Array,
    title: string,
    source: PrintJob['source'],
    extra: EnqueueExtra = {},
  ): Promise<PrintJobView> => {
    let media: string = r.media;
    let pages = extra.pages;
    if (format === 'pdf' && (r.media === 'default' || extra.inspect)) {
      const facts = await inspectPdf(bytes, extra.what);
      if (r.media === 'default') media = facts.media ?? 'default';
      pages = { ...pages, received: facts.pages };
    }
    return view(
      await service.enqueue({
        printerId: r.printerId,
        title,
        format,
        data: bytes,
        copies: r.copies,
        media,
        ...(source ? { source } : {}),
        ...(pages ? { pages } : {}),
        ...(extra.orders ? { orders: extra.orders } : {}),
        ...(extra.batchId ? { batchId: extra.batchId } : {}),
      }),
    );
  };

  const tools: PrintTools = { service, registry, deps, view, route, enqueue };

  const interactive = (ctx: CallContext) => ({
    priority: 'interactive' as const,
    signal: ctx.signal,
  });

  return asHandlers(
    refusalsAsFailures({
      printersList: async ({ refresh }) => {
        await deps.ready;
        if (refresh) await registry.refresh();
        else await registry.sync();
        return { printers: registry.list(), ...registry.status() };
      },
      printJobsList: async () => ({ jobs: service.list().map(view) }),
      printJobRetry: async ({ jobId }) => view(await service.retry(jobId)),
      printJobCancel: async ({ jobId }) => view(await service.cancel(jobId)),
      printJobSendHeld: async ({ jobId }) => view(await service.sendHeld(jobId)),
      printJobResolve: async ({ jobId, decision }) =>
        view(await service.resolveMayHavePrinted(jobId, decision)),
      printJobOrders: async ({ jobId }) => {
        const job = service.get(jobId);
        if (!job) throw new PrintRequestError('That print job no longer exists.');
        return jobOrders(job);
      },
      printJobReprintLabel: async ({ jobId, orderId, printerId, copies }) => {
        await registry.sync();
        return view(
          await reprintOrderLabel(service, jobId, orderId, {
            ...(printerId ? { printerId } : {}),
            ...(copies ? { copies } : {}),
          }),
        );
      },
      ...createBatchHandlers(tools),
      printJobReprint: async ({ jobId, printerId, copies }) => {
        await registry.sync();
        return view(
          await service.reprint(jobId, {
            ...(printerId ? { printerId } : {}),
            ...(copies ? { copies } : {}),
          }),
        );
      },

      printShipmentLabel: async (args, ctx) => {
        const api = await deps.client();
        const label = await fetchShipmentLabel(api, args.shipmentId, interactive(ctx));
        const printable = await printableLabel(label.bytes, label.declaredFormat);
        const kind: PrintRouteKind =
          printable.source === 'zpl'
            ? 'shipment_label_zpl'
            : printable.source === 'image'
              ? 'shipment_label_image'
              : 'shipment_label_pdf';
        const r = await route(kind, printable.format, args.override);
        const job = await enqueue(
          r,
          printable.format,
          printable.bytes,
          `Label ${label.trackingNumber} (shipment ${args.shipmentId})`,
          { kind: 'shipment', ref: args.shipmentId },
          { inspect: true, what: 'The label' },
        );
        return { jobs: [job], skipped: [] };
      },

      printReturnLabel: async (args, ctx) => {
        const api = await deps.client();
        const rma = deps.facts(api).returnName(args.returnId);
        const label = await fetchReturnLabel(api, args.returnId, interactive(ctx));
        const printable = await printableLabel(label.bytes);
        const kind: PrintRouteKind =
          printable.source === 'zpl' ? 'shipment_label_zpl' : 'return_label';
        const r = await route(kind, printable.format, args.override);
        const job = await enqueue(
          r,
          printable.format,
          printable.bytes,
          rma ? `Return label ${rma}` : `Return label, return ${args.returnId}`,
          { kind: 'return', ref: String(args.returnId) },
          { inspect: true, what: 'The return label' },
        );
        return { jobs: [job], skipped: [] };
      },

      printTestPage: async (args) => {
        const format = args.kind === 'shipment_label_zpl' ? 'zpl' : 'pdf';
        const r = await route(args.kind, format, args.override);
        const name = registry.nameOf(r.printerId);
        const bytes = format === 'zpl' ? testLabelZpl(name) : await testPagePdf(r.media, name);
        const job = await enqueue(r, format, bytes, `Packbench test page (${r.kind})`, undefined);
        return { jobs: [job], skipped: [] };
      },
    } satisfies Partial<Handlers>),
  );
}

/** Route and queue refusals are the person's to fix: `print_refused` with the reason. */
function refusalsAsFailures<H extends object>(handlers: H): H {
  const wrapped = {} as Record<string, unknown>;
  for (const [name, handler] of Object.entries(handlers)) {
    wrapped[name] = async (args: unknown, ctx: CallContext) => {
      try {
        return await (handler as (a: unknown, c: CallContext) => Promise<unknown>)(args, ctx);
      } catch (error) {
        if (error instanceof RouteError || error instanceof PrintRequestError) {
          throw new BridgeFailure('print_refused', error.message);
        }
        // The API's document is not what it promised (no pages, not an image).
        if (error instanceof UnprintableDocument) {
          throw new BridgeFailure('bad_response', error.message);
        }
        // A batch that cannot be written down could not be finished after a kill: say so.
        if (error instanceof LocalStoreError) {
          throw new BridgeFailure(
            'file_error',
            `The batch could not be recorded: ${error.message}`,
          );
        }
        throw error;
      }
    };
  }
  return wrapped as H;
}
