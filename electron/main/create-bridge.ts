/**
 * The bridge, composed: settings and keychain (store/), one account-wide limiter and the API
 * client of the selected connection (api/), the API methods (operations/), the console's own
 * methods, the ZPL label renderer (labels/), and the dispatcher the transports call. Plain
 * Node: no `electron` import, so the same bridge serves the Electron app and browser mode,
 * and runs in tests.
 */
import { homedir, hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import type { ThrottleState } from '../../shared/contract/values';
import { createConsoleHandlers } from '../domains/connections/console-handlers';
import { SandboxHost } from '../domains/connections/embedded-sandbox';
import { countOrders } from '../domains/connections/probe';
import { createStoreHandlers } from '../domains/connections/store-handlers';
import type { DesktopShell } from '../domains/files/desktop-shell';
import { createFileHandlers } from '../domains/files/file-handlers';
import { withFolderChoice } from '../domains/files/folder-setting';
import { WrittenFiles } from '../domains/files/written-files';
import { budgetAccount, FloorBudgetSource } from '../domains/floor/budget/floor-budget-source';
import { createFloorHandlers, savedFloorConnection } from '../domains/floor/floor-handlers';
import { FloorHost } from '../domains/floor/floor-host';
import { FloorSettingsFile } from '../domains/floor/floor-settings-file';
import { createFloorPackHandlers } from '../domains/floor/pack/floor-pack-handlers';
import { withFloorMarks, withFloorPackLog } from '../domains/floor/pack/floor-pack-log';
import { FloorPackStation } from '../domains/floor/pack/floor-pack-station';
import { createPackConflictHandlers } from '../domains/floor/pack/pack-conflict-handlers';
import { floorIndexRead } from '../domains/floor/walks/order-index-walk';
import { withFloorBatches } from '../domains/floor/work/batches/floor-batch-recorder';
import { FloorBatches } from '../domains/floor/work/batches/floor-batches';
import {
  createOrderOnFloor,
  FloorPendingCreates,
} from '../domains/floor/work/creates/floor-pending-creates';
import { createFloorWorkHandlers } from '../domains/floor/work/floor-work-handlers';
import { withFloorReviews } from '../domains/floor/work/reviews/floor-review-handlers';
import { FloorReviewSync } from '../domains/floor/work/reviews/floor-review-sync';
import { createLabelHandlers } from '../domains/labels/label-handlers';
import { ZplRenderService } from '../domains/labels/zpl-render-service';
import { createProductImageHandlers } from '../domains/orders/product-image';
import {
  createOrderIndexHandlers,
  DEFAULT_MIN_INTERVAL,
  OrderIndex,
} from '../domains/packing/order-index';
import type { OrderIndexEntry } from '../domains/packing/order-index-store';
import { createPackCompleteHandlers } from '../domains/packing/pack-complete';
import { createPackLogHandlers } from '../domains/packing/pack-log-handlers';
import { openPrinting, type PrintingOptions } from '../domains/printing/service/open-printing';
import { FactsByClient } from '../domains/printing/service/order-facts';
import { createActionHandlers } from '../domains/reviews/action-handlers';
import { createReviewHandlers, withReviewColumns } from '../domains/reviews/review-handlers';
import { type ApiClient, createApiClient } from '../kernel/api/api-client';
import { BudgetedLimiter } from '../kernel/api/budgeted-limiter';
import { AccountLimiter } from '../kernel/api/limiter';
import { createDispatcher } from '../kernel/dispatch/dispatch';
import type { Bridge } from '../kernel/dispatch/dispatcher-types';
import { DownloadLinks } from '../kernel/dispatch/download-links';
import { BridgeEvents } from '../kernel/events';
import { FolderChoices } from '../kernel/folder-choices';
import type { CallContext, Handlers } from '../kernel/handler-types';
import { LocalStores, type SelectedLocalStore } from '../kernel/local-store';
import { writeCsvTable } from '../kernel/operations/csv-file';
import { type KeyStore, openStore } from '../kernel/settings';
import { type AllowedRoot, defaultRoots } from '../security/folder-policy';
import { createApiHandlers } from './create-api-handlers';

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
  // The account's shared budget (issue 29): when a floor is configured and online, every
  // request first takes a token of the floor's bucket for this account (interactive or
  // background, by the limiter's priority), then its place in this station's own limiter. No
  // floor, or the floor away: straight to the station's own limiter, exactly as before. The
  // floor is set up (and may change) later, so the source reads it through `budgetFloor`.
  const budgetFloor: { host: FloorHost | null } = { host: null };
  const budget: FloorBudgetSource | null = options.limiter
    ? null
    : new FloorBudgetSource({
        floor: {
          get db() {
            return budgetFloor.host?.db ?? null;
          },
          status: () => budgetFloor.host?.status() ?? 'not-configured',
        },
        account: () => clients.account(),
        station: () => budgetFloor.host?.station.name ?? computerName(),
        startRate: () => limiter.rate,
        log: (line) => options.log?.(`floor budget: ${line}`),
        onStatus: (status) =>
          options.log?.(
            status.mode === 'shared'
              ? "floor budget: requests take the floor's shared budget"
              : `floor budget: requests go on with this station's own limit (${status.reason})`,
          ),
      });
  const limiter: AccountLimiter =
    options.limiter ?? (budget ? new BudgetedLimiter({ budget }) : new AccountLimiter());
  // The limiter changes state about ten times a second under load; the UI needs a few.
  limiter.onChange(paced(250, (state: ThrottleState) => events.emit({ type: 'throttle', state })));
  const sandbox = new SandboxHost();
  // Printing reads every orders answer (names, labels), so a batch need not ask again.
  const orderFacts = new FactsByClient();
  const clients = new ClientCache(limiter, options.fetch, (client) => orderFacts.watch(client));

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
  const current = async () => {
    await restarting;
    return store.connections.current();
  };
  const client = async () => {
    const { connection, apiKey } = await current();
    return clients.get(connection.baseUrl, apiKey);
  };
  // What the API does not keep, per connection (see local-store/local-store.ts).
  const localStores = new LocalStores(join(options.configDir, 'local'), options.log);
  // Feature handlers that keep local state take this (e.g. a pack log's handlers).
  const localStore: SelectedLocalStore = () =>
    localStores.forConnection(localStoreId(store.connections.selected()));
  // The floor (issue 29): this station on a floor's shared PostgreSQL, or alone as before
  // (no floor.json connection: the session answers "not configured" and nothing changes).
  // Joining happens in the background; a console never waits for the floor to start.
  const floorLog = (message: string) => options.log?.(`floor: ${message}`);
  const floorFile = await FloorSettingsFile.open(options.configDir, floorLog);
  const stationProfile = () => store.settings.current.station;
  const floor = new FloorHost({
    station: {
      id: floorFile.stationId,
      name: stationProfile().name || computerName(),
      locationId: stationProfile().locationId,
    },
    packer: stationProfile().packer,
    // The station's own SQLite store keeps floor writes while the floor is away.
    store: () => localStores.forConnection('floor-queue'),
    problem: floorLog,
  });
  budgetFloor.host = floor;
  const floorJoined = savedFloorConnection(floorFile, store.vault).then((connection) =>
    connection ? floor.configure(connection) : undefined,
  );
  // The floor's name for the API account in use (never its key): the address and a key
  // fingerprint (as the budget's bucket) once a client is made, so stations on one account
  // share their floor rows whatever their connections' local ids; before that, the local id.
  const floorAccount = () => clients.account() ?? localStoreId(store.connections.selected());
  // The pack log and printed marks floor-wide (issue 29, floor/pack): "Already packed",
  // "Packed today" and prints known at every station. No floor: the station's own answers.
  const floorPack = new FloorPackStation(floor, {
    account: floorAccount,
    problem: floorLog,
  });
  const floorHandlers = createFloorHandlers({
    host: floor,
    file: floorFile,
    vault: store.vault,
    stationName: () => stationProfile().name || computerName(),
  });
  const exportDir = options.exportDir ?? join(homedir(), 'Downloads', 'Packbench');
  // Folders are named by ids this process hands out, files by ids it gave them (issue 31).
  const choices = new FolderChoices(
    options.folderRoots ?? defaultRoots(homedir(), options.configDir),
  );
  // Order creates floor-wide (issue 29): a draft's create is registered on the floor before it
  // is sent, so a console sending the same draft waits for that outcome instead of sending it
  // again. No floor configured (db null): the station's own record, exactly as before.
  const floorCreates = new FloorPendingCreates({
    db: () => floor.db,
    account: floorAccount,
    // Read at each create: the name Settings → Station gives now, as the floor shows it.
    get station() {
      return stationProfile().name || computerName();
    },
    local: localStore,
    offline: (error) =>
      floorLog(
        `a create went on without the floor: ${error instanceof Error ? error.message : 'no answer'}`,
      ),
  });
  const api = createApiHandlers({
    exportDir,
    client,
    localStore,
    folders: choices,
    creates: {
      pending: floorCreates,
      create: (api, request, call, resolution) =>
        createOrderOnFloor(api, request, call, resolution ?? {}, floorCreates),
    },
  });
  // Storefront and external order ids, which the API's search cannot find (issue 28).
  const orderIndex = new OrderIndex({
    client,
    localStore,
    // On a floor (issue 29): one station reads the orders for all of them (floor/walks), the
    // others take its copy; no floor, or the floor away: this station reads, as before.
    sharedRead: floorIndexRead<OrderIndexEntry>({
      floor: () => floor,
      account: () => clients.account() ?? localStoreId(store.connections.selected()),
      station: () => stationProfile().name || computerName(),
      freshMs: DEFAULT_MIN_INTERVAL,
      log: floorLog,
    }),
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
    // Order batches are kept there, so a batch cut off by a kill can print the rest.
    localStore,
    // And on the floor (issue 29), before the first job: "Print the rest" of a batch another
    // station prints now is refused there. No floor configured: the journal only, as before.
    batchRecorder: (journal) =>
      withFloorBatches(journal, {
        batches: () => {
          const db = floor.db;
          return db
            ? new FloorBatches(db, stationProfile().name || computerName(), floorAccount())
            : null;
        },
        startedBy: () => stationProfile().packer || stationProfile().name || computerName(),
        offline: (error) =>
          floorLog(
            `a batch went on without the floor: ${error instanceof Error ? error.message : 'no answer'}`,
          ),
      }),
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

  // Review marks floor-wide (issue 29): the station's store mirrors the floor's marks, and each
  // mark made here goes to the floor (queued while it is away). No floor: unchanged.
  // Each mirrored change is pushed to the renderer, which reads the marks and worklist again.
  const reviewSync = new FloorReviewSync(floor, localStore, {
    account: floorAccount,
    mirrored: () => events.emit({ type: 'floorChanged', topic: 'reviews' }),
  });
  const stopReviewSync = reviewSync.start();
  const reviews = withFloorReviews(
    createReviewHandlers({
      localStore,
      listReturns: api.returnsList,
      defaultReviewer,
    }),
    reviewSync,
  );
  const recordWritten =
    <A, R extends { path: string }>(run: (args: A, ctx: CallContext) => Promise<R>) =>
    async (args: A, ctx: CallContext): Promise<R & { fileId: string }> => {
      const result = await run(args, ctx);
      return { ...result, fileId: written.add(result.path) };
    };
  const packLog = withFloorPackLog(
    createPackLogHandlers({
      localStore,
      // The packer signed in at the station (Settings → Station, or a badge scan), else the
      // computer's user.
      packer: () => store.settings.current.station.packer || defaultReviewer(),
      station: () => store.settings.current.station.name || computerName(),
    }),
    {
      floor: floorPack,
      station: () => store.settings.current.station.name || computerName(),
      problem: floorLog,
    },
  );

  const handlers = {
    ...api,
    ordersExport: recordWritten(api.ordersExport),
    inventoryExport: recordWritten(api.inventoryExport),
    tableExport: recordWritten(async ({ name, header, rows, destination }, ctx) =>
      writeCsvTable(
        { header, rows },
        {
          destination,
          exportDir,
          folders: choices,
          prefix: name,
          now: new Date(),
          signal: ctx.signal,
        },
      ),
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
        const result = await writeCsvTable(table, {
          destination,
          exportDir,
          folders: choices,
          prefix,
          now: new Date(),
          signal,
        });
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
    // The Save-to-folder folder arrives as a choice's id; the path stored is the one chosen.
    settingsUpdate: withFolderChoice(storeHandlers.settingsUpdate, choices),
    ...consoleHandlers,
    ...printing.handlers,
    ...withFloorMarks(printing.handlers, { floor: floorPack }),
    ...createFloorPackHandlers({
      floor: floorPack,
      station: () => store.settings.current.station.name || computerName(),
      packer: () => store.settings.current.station.packer || defaultReviewer(),
    }),
    ...createLabelHandlers(labels),
    ...floorHandlers,
    ...createFloorWorkHandlers({ floor: () => floor, account: floorAccount }),
    ...createPackConflictHandlers({
      withBudget: (ms, fn) => floor.withBudget(ms, fn),
      account: floorAccount,
      who: () => store.settings.current.station.packer || defaultReviewer(),
    }),
    // The dispatcher answers operationCancel itself; this entry completes the table.
    operationCancel: async () => ({ cancelled: false }),
  } satisfies Handlers;

  // Settings → Station names this station on the floor and signs its packer in there.
  const settingsUpdate = handlers.settingsUpdate;
  handlers.settingsUpdate = async (args, ctx) => {
    const saved = await settingsUpdate(args, ctx);
    const profile = stationProfile();
    void floor
      .updateStation({
        name: profile.name || computerName(),
        locationId: profile.locationId,
        packer: profile.packer,
      })
      .catch((error: Error) => floorLog(error.message));
    return saved;
  };

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
      await floorJoined.catch(() => {});
      stopReviewSync();
      budget?.close();
      await floor.close();
      orderIndex.close();
      await localStores.closeAll();
      await sandbox.close();
    },
  };
}

/**
 * The local store a connection's marks live in. The embedded sandbox's connection gets a new
 * id at every start, but its data is the same seeded account every time, so its marks are
 * kept under one stable name: a demo's review marks and pack log survive a restart. Any other
 * connection is its own id (another account's marks never show).
 */
export function localStoreId(connection: { id: string; sandbox: boolean }): string {
  return connection.sandbox ? 'embedded-sandbox' : connection.id;
}

/** The computer's name, for a pack station that has none of its own. */
function computerName(): string {
  try {
    return hostname().trim().slice(0, 80) || 'This computer';
  } catch {
    return 'This computer';
  }
}

/** The computer's user, for review marks and packs made without a name. */
function defaultReviewer(): string {
  try {
    const name = userInfo().username.trim();
    return name === '' ? 'This computer' : name.slice(0, 80);
  } catch {
    return 'This computer';
  }
}

/** Calls `fn` at most once per `ms`, always with the latest value (trailing call kept). */
function paced<T>(ms: number, fn: (value: T) => void): (value: T) => void {
  let last = 0;
  let pending: { value: T } | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    last = Date.now();
    const { value } = pending;
    pending = undefined;
    fn(value);
  };
  return (value) => {
    pending = { value };
    if (timer) return;
    const wait = Math.max(0, last + ms - Date.now());
    if (wait === 0) flush();
    else {
      timer = setTimeout(flush, wait);
      timer.unref();
    }
  };
}

/**
 * One client per (base URL, key), all on the one limiter: switching connections or keys gives
 * a fresh client; the old one is simply dropped (it holds no sockets of its own).
 */
class ClientCache {
  private current?: { baseUrl: string; apiKey: string; client: ApiClient; account?: string };

  constructor(
    private readonly limiter: AccountLimiter,
    private readonly fetch?: typeof globalThis.fetch,
    private readonly onNew?: (client: ApiClient) => void,
  ) {}

  get(baseUrl: string, apiKey: string): ApiClient {
    const c = this.current;
    if (c && c.baseUrl === baseUrl && c.apiKey === apiKey) return c.client;
    const client = createApiClient({ baseUrl, apiKey, limiter: this.limiter, fetch: this.fetch });
    this.onNew?.(client);
    this.current = { baseUrl, apiKey, client };
    return client;
  }

  /** The account of the client in use, by name (never its key), for the floor's budget. */
  account(): string | null {
    const c = this.current;
    if (!c) return null;
    c.account ??= budgetAccount(c.baseUrl, c.apiKey);
    return c.account;
  }
}
