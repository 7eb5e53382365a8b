/**
 * The bridge, composed: settings and keychain (kernel/settings), one account-wide limiter and
 * the API client of the selected connection (kernel/api), every domain's handlers merged into
 * one table checked once with `satisfies Handlers`, and the dispatcher the transports call.
 * Composition only: the floor's wiring is compose-floor.ts, the small parts bridge-parts.ts.
 * Plain Node: no `electron` import, so the same bridge serves the Electron app and browser
 * mode, and runs in tests.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ThrottleState } from '@shared/contract/values';
import { createConsoleHandlers } from '../domains/connections/console-handlers';
import { SandboxHost } from '../domains/connections/embedded-sandbox';
import { countOrders } from '../domains/connections/probe';
import { createStoreHandlers } from '../domains/connections/store-handlers';
import type { DesktopShell } from '../domains/files/desktop-shell';
import { createFileHandlers } from '../domains/files/file-handlers';
import { withFolderChoice } from '../domains/files/folder-setting';
import { WrittenFiles } from '../domains/files/written-files';
import { createLabelHandlers } from '../domains/labels/label-handlers';
import { ZplRenderService } from '../domains/labels/zpl-render-service';
import { createProductImageHandlers } from '../domains/orders/product-image';
import { createOrderIndexHandlers, OrderIndex } from '../domains/packing/order-index';
import { createPackCompleteHandlers } from '../domains/packing/pack-complete';
import { createPackLogHandlers } from '../domains/packing/pack-log-handlers';
import { openPrinting, type PrintingOptions } from '../domains/printing/service/open-printing';
import { FactsByClient } from '../domains/printing/service/order-facts';
import { createActionHandlers } from '../domains/reviews/action-handlers';
import { createReviewHandlers, withReviewColumns } from '../domains/reviews/review-handlers';
import { type ApiRetryDelays, createApiClient } from '../kernel/api/api-client';
import { BudgetedLimiter } from '../kernel/api/budgeted-limiter';
import { AccountLimiter } from '../kernel/api/limiter';
import { createDispatcher } from '../kernel/dispatch/dispatch';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { DownloadLinks } from '../kernel/dispatch/download-links';
import { BridgeEvents } from '../kernel/events';
import { FolderChoices } from '../kernel/folder-choices';
import type { CallContext, Handlers } from '../kernel/handler-types';
import { LocalStores, type SelectedLocalStore } from '../kernel/local-store';
import { type CsvTable, writeCsvTable } from '../kernel/operations/csv-file';
import { type KeyStore, openStore } from '../kernel/settings';
import { type AllowedRoot, defaultRoots } from '../security/folder-policy';
import { ClientCache, defaultReviewer, localStoreId, paced } from './bridge-parts';
import { composeFloor } from './compose-floor';
import { createApiHandlers } from './create-api-handlers';

export { localStoreId } from './bridge-parts';

export interface BridgeOptions {
  /** The folder for settings.json (Electron: userData; browser mode: the config folder). */
  configDir: string;
  /** Where exports go when the person names no file (default: ~/Downloads/Packbench). */
  exportDir?: string;
  transport: 'electron' | 'browser';
  /** The keychain (tests pass a fake); default: the OS keychain. */
  keyStore?: KeyStore;
  /** Receives log lines, already redacted. */
  log?: (line: string) => void;
  /** The underlying fetch (tests). */
  fetch?: typeof globalThis.fetch;
  /**
   * The API client's pauses between retries of a failed request (tests: a few ms, so a 5xx
   * retried four times does not wait seconds of real time; default: 250 ms to 8 s).
   */
  apiRetryDelays?: ApiRetryDelays;
  /** The account-wide limiter (benchmarks compare limiters; default: a new AccountLimiter). */
  limiter?: AccountLimiter;
  /** The print service's folders and tuning (defaults: configDir/print-spool, ~/Documents/Packbench/Printed). */
  printing?: Partial<
    Omit<PrintingOptions, 'settings' | 'client' | 'onJob' | 'log' | 'facts' | 'localStore'>
  >;
  /** The desktop app's folder picker and file manager (Electron only; browser mode: none). */
  desktop?: DesktopShell;
  /**
   * The folders browser mode may choose among (default: Documents and Downloads in the home
   * folder, and configDir); tests give their own temporary roots.
   */
  folderRoots?: AllowedRoot[];
}

export async function createBridge(options: BridgeOptions): Promise<Bridge> {
  const events = new BridgeEvents();
  const store = await openStore({ configDir: options.configDir, keyStore: options.keyStore });
  const storeHandlers = createStoreHandlers(store.connections, store.vault, store.settings);
  // What the API does not keep, per connection (see local-store/local-store.ts).
  const localStores = new LocalStores(join(options.configDir, 'local'), options.log);
  // Feature handlers that keep local state take this (e.g. a pack log's handlers).
  const localStore: SelectedLocalStore = () =>
    localStores.forConnection(localStoreId(store.connections.selected()));
  // Assigned below, once the limiter exists; the floor reads the account only at a request.
  let clients: ClientCache | undefined;
  // The floor (issue 29): this station on a floor's shared PostgreSQL, or alone as before.
  const floor = await composeFloor({
    configDir: options.configDir,
    store,
    localStores,
    localStore,
    account: () => clients?.account() ?? null,
    startRate: () => limiter.rate,
    sharedBudget: !options.limiter,
    ...(options.log ? { log: options.log } : {}),
    floorChanged: (topic) => events.emit({ type: 'floorChanged', topic }),
  });
  // The shared budget, when there is one, goes before this station's own limiter.
  const limiter: AccountLimiter =
    options.limiter ??
    (floor.budget ? new BudgetedLimiter({ budget: floor.budget }) : new AccountLimiter());
  // The limiter changes state about ten times a second under load; the UI needs a few.
  limiter.onChange(paced(250, (state: ThrottleState) => events.emit({ type: 'throttle', state })));
  const sandbox = new SandboxHost();
  // Printing reads every orders answer (names, labels), so a batch need not ask again.
  const orderFacts = new FactsByClient();
  const cache = new ClientCache(
    limiter,
    options.fetch,
    (client) => orderFacts.watch(client),
    options.apiRetryDelays,
  );
  clients = cache;

  // "Try the sandbox" is remembered across a restart: the sandbox's key lasts one run, so a
  // console started again with the sandbox's connection selected starts the sandbox again
  // now (its data is the same seeded account), and the connections list and the first API
  // calls wait for it instead of saying the key is missing.
  const restarting: Promise<unknown> | undefined = selectedIsSandbox()
    ? sandbox
        .start()
        .then(({ url, key }) => store.connections.addSandbox(url, key))
        .catch((error: Error) => options.log?.(`sandbox: not started again (${error.message})`))
    : undefined;
  function selectedIsSandbox(): boolean {
    try {
      return store.connections.selected().sandbox;
    } catch {
      return false; // nothing selected
    }
  }
  const client = async () => {
    await restarting;
    const { connection, apiKey } = await store.connections.current();
    return cache.get(connection.baseUrl, apiKey);
  };
  const exportDir = options.exportDir ?? join(homedir(), 'Downloads', 'Packbench');
  // Folders are named by ids this process hands out, files by ids it gave them (issue 31).
  const choices = new FolderChoices(
    options.folderRoots ?? defaultRoots(homedir(), options.configDir),
  );
  const api = createApiHandlers({
    exportDir,
    client,
    localStore,
    folders: choices,
    creates: floor.creates,
    sharedExceptions: floor.exceptionsRead,
    sharedStockList: floor.stockListRead,
  });
  // Storefront and external order ids, which the API's search cannot find (issue 28).
  const orderIndex = new OrderIndex({
    client,
    localStore,
    sharedRead: floor.indexRead,
    // Its reading's progress (issue 32): the pack page and the scan bar show it.
    onProgress: (progress) => events.emit({ type: 'progress', progress }),
    ...(options.log ? { log: options.log } : {}),
  });
  const written = new WrittenFiles();
  const links = options.transport === 'browser' ? new DownloadLinks() : undefined;
  const defaultPrintFolder =
    options.printing?.defaultFolder ?? join(homedir(), 'Documents', 'Packbench', 'Printed');

  const printing = await openPrinting({
    spoolDir: join(options.configDir, 'print-spool'),
    defaultFolder: defaultPrintFolder,
    ...options.printing,
    settings: () => store.settings.current.printing,
    client,
    facts: orderFacts,
    // Order batches are kept there, so a batch cut off by a kill can print the rest; and on
    // the floor, before the first job; their printed marks follow to the floor from there.
    localStore: floor.printingStore,
    batchRecorder: floor.batchRecorder,
    sharedBatches: floor.sharedBatches,
    // The account's client made first: the floor names the account as its requests do (its
    // address and key), and a restart has made no request yet.
    recoveredJobCheck: async (job) => {
      await client().catch(() => undefined);
      return floor.recoveredJobCheck(job);
    },
    onFloorBack: floor.onFloorBack,
    onJob: (job, change) => events.emit({ type: 'printJob', job, change }),
    ...(options.log ? { log: options.log } : {}),
  });

  const consoleHandlers = createConsoleHandlers({
    transport: options.transport,
    throttleState: () => limiter.state(),
    savedTarget: async (id) => {
      const { connection, apiKey } = await store.connections.target(id);
      return { baseUrl: connection.baseUrl, apiKey };
    },
    probe: async (target, signal) => {
      // A throwaway client on the shared limiter: a test counts toward the account's limit too.
      const client = createApiClient({ ...target, limiter, retries: 0, fetch: options.fetch });
      return countOrders(client, signal);
    },
    startSandbox: async () => {
      const { url, key } = await sandbox.start();
      return store.connections.addSandbox(url, key);
    },
  });

  // Started on the first preview, not here: most sessions never show a ZPL label.
  const labels = new ZplRenderService(options.log ? { log: options.log } : {});
  const reviews = floor.withReviews(
    createReviewHandlers({ localStore, listReturns: api.returnsList, defaultReviewer }),
  );
  const recordWritten =
    <A, R extends { path: string }>(run: (args: A, ctx: CallContext) => Promise<R>) =>
    async (args: A, ctx: CallContext): Promise<R & { fileId: string }> => {
      const result = await run(args, ctx);
      return { ...result, fileId: written.add(result.path) };
    };
  const writeTable = (
    table: CsvTable,
    prefix: string,
    destination: string | undefined,
    signal: AbortSignal,
  ) =>
    writeCsvTable(table, {
      destination,
      exportDir,
      folders: choices,
      prefix,
      now: new Date(),
      signal,
    });
  // The Save-to-folder folder arrives as a choice's id; the path stored is the one chosen.
  const settingsUpdate = withFolderChoice(storeHandlers.settingsUpdate, choices);

  const packLog = floor.withPackLog(
    createPackLogHandlers({
      localStore,
      // The packer signed in at the station (Settings → Station, or a badge scan), else the
      // computer's user.
      packer: floor.packerName,
      station: floor.stationName,
    }),
  );

  const handlers = {
    ...api,
    ordersExport: recordWritten(api.ordersExport),
    inventoryExport: recordWritten(api.inventoryExport),
    tableExport: recordWritten(async ({ name, header, rows, destination }, ctx) =>
      writeTable({ header, rows }, name, destination, ctx.signal),
    ),
    returnsExport: recordWritten(
      withReviewColumns(api.returnsExport, localStore, (message) =>
        events.emit({ type: 'notice', level: 'warning', message }),
      ),
    ),
    ...reviews,
    // Dispositions and pulled marks (issue 32): the renderer names the signed-in clerk.
    ...createActionHandlers({
      localStore,
      defaultPerson: defaultReviewer,
      writeTable: async (table, prefix, destination, signal) => {
        const result = await writeTable(table, prefix, destination, signal);
        return { ...result, fileId: written.add(result.path) };
      },
    }),
    ...packLog,
    // The pack's last unit: its prints and its log in one call (the log floor-wide).
    ...createPackCompleteHandlers({ log: packLog, print: printing.handlers }),
    ...createOrderIndexHandlers(orderIndex),
    ...createProductImageHandlers({ client }),
    ...createFileHandlers({
      exportDir,
      printFolder: () => store.settings.current.printing.folder ?? defaultPrintFolder,
      written,
      choices,
      jobFile: (jobId) => {
        const job = printing.service.get(jobId);
        return job?.printerId === 'save-to-folder' && job.state === 'sent'
          ? job.externalId
          : undefined;
      },
      transport: options.transport,
      ...(links ? { links } : {}),
      ...(options.desktop ? { desktop: options.desktop } : {}),
    }),
    ...storeHandlers,
    // The first list waits for a remembered sandbox started again (see `restarting`).
    connectionsList: async (args, ctx) => {
      await restarting;
      return storeHandlers.connectionsList(args, ctx);
    },
    // Settings → Station names this station on the floor and signs its packer in there.
    settingsUpdate: async (args, ctx) => {
      const saved = await settingsUpdate(args, ctx);
      floor.stationChanged();
      return saved;
    },
    ...consoleHandlers,
    ...printing.handlers,
    ...floor.withMarks(printing.handlers),
    ...createLabelHandlers(labels),
    ...floor.handlers(),
    // The dispatcher answers operationCancel itself; this entry completes the table.
    operationCancel: async () => ({ cancelled: false }),
  } satisfies Handlers;

  const dispatcher = createDispatcher({
    handlers,
    events,
    secrets: () => store.vault.heldSecrets(),
    log: options.log,
  });

  return {
    dispatcher,
    events,
    ...(links ? { downloads: links } : {}),
    secrets: () => store.vault.heldSecrets(),
    close: async () => {
      // The queue first: a send in progress finishes (or is parked as may-have-printed).
      await printing.close();
      await labels.close();
      await floor.close();
      orderIndex.close();
      await localStores.closeAll();
      await sandbox.close();
    },
  };
}
