/**
 * The batch methods of the bridge contract: labels and documents for many orders (every order
 * accounted for, see batch-print.ts), and the batches a kill, crash or failure left unfinished,
 * with "print the rest" and "dismiss" (batch-journal.ts), and on a floor the answers to orders
 * another station may have printed (batch-settle.ts).
 */
import { randomUUID } from 'node:crypto';
import type { BatchOrder, InterruptedBatch } from '@shared/contract/printing-values';
import { asHandlers, type Handlers } from '../../../kernel/handler-types';
import { readPdfAhead } from '../documents/pdf-media';
import { PrintRequestError } from '../queue/types';
import { type DocumentKind, prefetchOrderDocuments } from './api-documents';
import type { BatchDeps } from './batch-deps';
import { notSending, overrideOf } from './batch-handler-parts';
import type { BatchJournal } from './batch-journal';
import { groupKinds, type RouteGroup } from './batch-plan';
import { printBatch } from './batch-print';
import { noRecorder } from './batch-record';
import { settleMayHavePrinted } from './batch-settle';
import { printsToLine, routeProblem } from './batch-where';
import type { PrintTools } from './print-tools';
import { type RouteOverride, resolveRoute } from './routing';
import {
  adoptShared,
  type SharedBatchTake,
  sharedAsInterrupted,
  withFloorReached,
} from './shared-batches';

export function createBatchHandlers(tools: PrintTools) {
  const { service, registry, deps } = tools;

  const batchDeps = (journal: BatchJournal | undefined): BatchDeps => ({
    client: deps.client,
    facts: deps.facts,
    enqueue: (route, bytes, title, source, extra) =>
      tools.enqueue(route, 'pdf', bytes, title, source, extra),
    cancelQueued: async (ids) => {
      for (const id of ids) {
        // A job being sent right now cannot be stopped halfway: let the send finish, and take
        // it back only if it did not print (it failed).
        const job = await notSending(service, id);
        if (job && (job.state === 'queued' || job.state === 'failed' || job.state === 'held')) {
          await service.cancel(id).catch(() => undefined);
        }
      }
    },
    counted: (id) => service.counted(id),
    annotate: (id, patch) => service.annotate(id, patch),
    recorder: async () =>
      journal ? (deps.batchRecorder ? deps.batchRecorder(journal) : journal) : noRecorder,
    newId: randomUUID,
    chunkSize: deps.chunkSize,
    window: deps.window,
  });

  const labelGroups = async (override: RouteOverride | undefined): Promise<RouteGroup[]> => [
    { route: await tools.route('shipping_label', 'pdf', override) },
  ];
  const documentGroups = async (
    kinds: readonly DocumentKind[],
    override: RouteOverride | undefined,
    fresh = true,
  ): Promise<RouteGroup[]> => {
    await deps.ready;
    if (fresh) await registry.sync();
    const printers = registry.list();
    return groupKinds(
      kinds,
      (kind) => resolveRoute(kind, 'pdf', deps.settings(), printers, override),
      override ?? {},
    );
  };

  const journalOrRefuse = async (): Promise<BatchJournal> => {
    const journal = await deps.journal();
    if (!journal) throw new PrintRequestError('Batches are not kept for this connection.');
    return journal;
  };
  // This station's batches, then (on a floor) those interrupted at other stations.
  // The floor's batches are the API account's: its client is made first, so the floor knows
  // the account by its name (a station that has not called the API yet would not).
  const sharedBatches = async () => {
    const shared = deps.sharedBatches?.();
    if (shared) await deps.client().catch(() => undefined);
    return shared ?? null;
  };
  // Where its rest prints here, said in the row before the click (the printers as last found:
  // listing the batches does not ask the system for its printers again).
  const withWhere = async (journal: BatchJournal, batches: InterruptedBatch[]) =>
    Promise.all(
      batches.map(async (b): Promise<InterruptedBatch> => {
        if (b.what === 'documents' && !b.kinds) return b;
        const override = overrideOf(journal.get(b.id)?.override);
        try {
          const groups =
            b.what === 'labels'
              ? [
                  {
                    route: resolveRoute(
                      'shipping_label',
                      'pdf',
                      deps.settings(),
                      registry.list(),
                      override,
                    ),
                  },
                ]
              : await documentGroups((b.kinds ?? []) as DocumentKind[], override, false);
          return { ...b, printsTo: printsToLine(groups, registry.list()) };
        } catch (error) {
          const problem = routeProblem(error);
          return problem ? { ...b, printsTo: problem } : b;
        }
      }),
    );
  // A batch of this station's that another station finished or dismissed is not listed here.
  const interrupted = async () => {
    const journal = await deps.journal();
    if (!journal) return { batches: [] };
    return { batches: await withWhere(journal, (await listed(journal)).batches) };
  };
  const listed = async (journal: BatchJournal) => {
    const own = await journal.interrupted(service.list());
    const shared = await sharedBatches();
    if (!shared) return { batches: own };
    // The floor away: this station's own batches, as without a floor.
    const [closed, others] = await Promise.all([
      shared.closed(own.map((b) => b.id)).catch(() => []),
      shared.interrupted().catch(() => []),
    ]);
    const gone = new Set(closed);
    const ids = new Set(own.map((b) => b.id));
    const onFloor = new Map(others.map((b) => [b.id, b]));
    return {
      batches: [
        // What other stations reached of them since is not listed here again.
        ...own.flatMap((b) => {
          if (gone.has(b.id)) return [];
          const floor = onFloor.get(b.id);
          const merged = floor ? withFloorReached(b, floor) : b;
          return merged ? [merged] : [];
        }),
        ...others.filter((b) => !ids.has(b.id)).map(sharedAsInterrupted),
      ],
    };
  };

  const resumeHere = async (
    journal: BatchJournal,
    batchId: string,
    ctx: Parameters<typeof printBatch>[2],
    taken: SharedBatchTake | null,
    /** "Print them": exactly these (orders that may have printed elsewhere), not the rest. */
    only?: BatchOrder[],
  ) => {
    const record = journal.get(batchId);
    if (!record) throw new PrintRequestError('That batch is no longer kept.');
    if (record.state !== 'running' && record.state !== 'stopped') {
      throw new PrintRequestError(`That batch is ${record.state}: there is nothing to resume.`);
    }
    const rest = only ?? journal.notReached(batchId, service.list());
    if (rest.length === 0) {
      await journal.end(batchId, 'finished');
      await taken?.finish();
      throw new PrintRequestError('Every order of that batch was printed or skipped already.');
    }
    if (record.what === 'documents' && !record.kinds) {
      // The floor keeps a batch's orders, not which documents it asked for.
      throw new PrintRequestError(
        `The rest of this documents batch is printed at ${taken?.batch.station ?? 'the station that started it'}.`,
      );
    }
    const override = overrideOf(record.override);
    const kinds = (record.kinds ?? []) as DocumentKind[];
    return printBatch(
      batchDeps(journal),
      {
        orderIds: rest.map((o) => o.id),
        what: record.what,
        groups:
          record.what === 'labels'
            ? await labelGroups(override)
            : await documentGroups(kinds, override),
        ...(record.kinds ? { kinds: record.kinds } : {}),
        ...(record.override ? { override: record.override } : {}),
        // "Print them" answers for those orders only (the rest is still listed to print).
        resume: only
          ? { id: record.id, title: record.title, orders: only, earlier: [] }
          : {
              id: record.id,
              title: record.title,
              orders: record.orders,
              earlier: journal.earlier(batchId, service.list()),
            },
      },
      ctx,
    );
  };

  return asHandlers({
    printOrderLabels: async (args, ctx) =>
      printBatch(
        batchDeps(await deps.journal()),
        {
          orderIds: args.orderIds,
          what: 'labels',
          groups: await labelGroups(args.override),
          ...(args.override ? { override: args.override } : {}),
        },
        ctx,
      ),

    printOrderDocuments: async (args, ctx) =>
      printBatch(
        batchDeps(await deps.journal()),
        {
          orderIds: args.orderIds,
          what: 'documents',
          groups: await documentGroups(args.kinds, args.override),
          kinds: args.kinds,
          ...(args.override ? { override: args.override } : {}),
        },
        ctx,
      ),

    printBatchesInterrupted: interrupted,

    printBatchResume: async ({ batchId }, ctx) => {
      const journal = await journalOrRefuse();
      if (journal.isActive(batchId)) throw new PrintRequestError('That batch is still printing.');
      // On a floor: held for this station and read again under the hold, so what any station
      // reached is never printed again here (refused in words if a station prints it now).
      const taken = (await (await sharedBatches())?.take(batchId)) ?? null;
      try {
        if (taken) await adoptShared(journal, taken.batch, service.list());
        const outcome = await resumeHere(journal, batchId, ctx, taken);
        // Answered once the floor has the batch's end, so a list read next is the floor's now
        // (a batch with orders left to check stays listed, not hidden as still held here).
        await taken?.release();
        await taken?.letGo;
        return outcome;
      } finally {
        // Handed to the batch's recorder once it started; let go otherwise.
        await taken?.release();
      }
    },

    // Not tied to the call's signal: the fetch goes on after the answer, for the print to come.
    printPrefetch: async ({ orderId, kinds }) => ({
      prefetched: prefetchOrderDocuments(
        await deps.client(),
        orderId,
        kinds,
        { priority: 'background' },
        // Order documents are PDFs (labels batch, documents): on disk and read (pages, paper)
        // before the last scan.
        (document) => {
          service.prespool(document.bytes, 'pdf');
          readPdfAhead(document.bytes);
        },
      ),
    }),

    printedMarksList: async ({ orderIds }) => {
      const journal = await deps.journal();
      if (!journal) return { marks: [] };
      // A batch that just answered may still be writing its last entries (and their marks).
      await journal.settle();
      return { marks: journal.printedMarks(orderIds) };
    },

    printBatchSettle: async (args, ctx) =>
      settleMayHavePrinted(
        {
          journal: journalOrRefuse,
          shared: sharedBatches,
          jobs: () => service.list(),
          listed: interrupted,
          printHere: (journal, batchId, call, taken, orders) =>
            resumeHere(journal, batchId, call, taken, orders),
        },
        args,
        ctx,
      ),

    printBatchDismiss: async ({ batchId }) => {
      const journal = await journalOrRefuse();
      if (journal.isActive(batchId)) throw new PrintRequestError('That batch is still printing.');
      // On a floor, off every station's list (refused in words while a station prints it).
      const onFloor = (await (await sharedBatches())?.dismiss(batchId)) ?? false;
      if (journal.get(batchId)) await journal.dismiss(batchId);
      else if (!onFloor) throw new PrintRequestError('That batch is no longer kept.');
      return interrupted();
    },
  } satisfies Partial<Handlers>);
}
