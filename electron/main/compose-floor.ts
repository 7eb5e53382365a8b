/**
 * The floor (issue 29), composed: this station on a floor's shared PostgreSQL, or alone as
 * before (no floor.json connection: the session answers "not configured" and nothing changes).
 * create-bridge.ts calls this once and hands what it returns to the domains it wraps: the
 * shared budget to the limiter, the floor's creates to the orders, the batch recorder to the
 * printing, and the floor's wrappers round the pack log, printed marks and review marks.
 * Joining happens in the background; a console never waits for the floor to start.
 */

import { setTimeout as wait } from 'node:timers/promises';
import type { FloorTopic, InventoryExceptions } from '@shared/contract/values';
import { FloorBudgetSource } from '../domains/floor/budget/floor-budget-source';
import { createFloorHandlers, savedFloorConnection } from '../domains/floor/floor-handlers';
import { FloorHost } from '../domains/floor/floor-host';
import { relayFloorChanges } from '../domains/floor/floor-live-relay';
import { FloorSettingsFile } from '../domains/floor/floor-settings-file';
import { createFloorPackHandlers } from '../domains/floor/pack/floor-pack-handlers';
import { withFloorMarks, withFloorPackLog } from '../domains/floor/pack/floor-pack-log';
import { FloorPackStation } from '../domains/floor/pack/floor-pack-station';
import { createPackConflictHandlers } from '../domains/floor/pack/pack-conflict-handlers';
import { followPrintedMarks } from '../domains/floor/pack/printed-marks-follower';
import { floorIndexRead, floorSharedRead } from '../domains/floor/walks/order-index-walk';
import { withFloorBatches } from '../domains/floor/work/batches/floor-batch-recorder';
import { floorBatchShare } from '../domains/floor/work/batches/floor-batch-share';
import { FloorBatches } from '../domains/floor/work/batches/floor-batches';
import {
  createOrderOnFloor,
  FloorPendingCreates,
} from '../domains/floor/work/creates/floor-pending-creates';
import { createFloorWorkHandlers } from '../domains/floor/work/floor-work-handlers';
import { withFloorReviews } from '../domains/floor/work/reviews/floor-review-handlers';
import { FloorReviewSync } from '../domains/floor/work/reviews/floor-review-sync';
import { SORTED_LIST_FRESH_MS, type StockListRead } from '../domains/inventory/sorted-stock';
import type { OrderCreates } from '../domains/orders/orders-handlers';
import { DEFAULT_MIN_INTERVAL } from '../domains/packing/order-index';
import type { OrderIndexEntry } from '../domains/packing/order-index-store';
import { printedMarks } from '../domains/printing';
import type { PrintingOptions } from '../domains/printing/service/open-printing';
import type { HandlersFor } from '../kernel/handler-types';
import type { LocalStore, LocalStores, SelectedLocalStore } from '../kernel/local-store';
import type { Store } from '../kernel/settings';
import { computerName, defaultReviewer, localStoreId } from './bridge-parts';

export interface FloorCompositionOptions {
  configDir: string;
  store: Store;
  localStores: LocalStores;
  localStore: SelectedLocalStore;
  /** The API account in use, by name (never its key); null: no client yet. */
  account(): string | null;
  /** The station's own limiter's rate, which the floor's bucket starts from. */
  startRate(): number;
  /** False when the caller brings its own limiter (benchmarks): no shared budget then. */
  sharedBudget: boolean;
  log?: (line: string) => void;
  /** Told when another station changed what this one shows (create-bridge: a bridge event). */
  floorChanged?: (topic: FloorTopic) => void;
}

type PackLogMethod = 'packLogList' | 'packLogRecord' | 'packLogPrinted';

/** How long a restart's recovered batch jobs wait for the floor (its join, then its answer). */
const RECOVERY_JOIN_WAIT_MS = 5_000;

export async function composeFloor(o: FloorCompositionOptions) {
  const { store, localStores, localStore } = o;
  const floorLog = (message: string) => o.log?.(`floor: ${message}`);
  const floorFile = await FloorSettingsFile.open(o.configDir, floorLog);
  const stationProfile = () => store.settings.current.station;
  const stationName = () => stationProfile().name || computerName();
  const packerName = () => stationProfile().packer || defaultReviewer();
  const account = () => o.account();
  // The floor's name for the API account in use (never its key): the budget's name (the
  // address and a key fingerprint) once a client is made, so stations on one account share
  // their floor rows whatever their connections' local ids; before that, the local id.
  const floorAccount = () => o.account() ?? localStoreId(store.connections.selected());
  /** A walk one station reads for the floor and the others take, with its age (floor/walks). */
  const sharedRead = <T>(kind: Parameters<typeof floorSharedRead>[0], freshMs: number) =>
    floorSharedRead<T>(kind, {
      floor: () => floor,
      account: floorAccount,
      station: stationName,
      freshMs,
      log: floorLog,
    });
  const floor = new FloorHost({
    station: {
      id: floorFile.stationId,
      name: stationName(),
      locationId: stationProfile().locationId,
    },
    packer: stationProfile().packer,
    // The station's own SQLite store keeps floor writes while the floor is away.
    store: () => localStores.forConnection('floor-queue'),
    problem: floorLog,
  });
  // The account's shared budget: when the floor is online, every request first takes a token
  // of the floor's bucket for this account (interactive or background, by the limiter's
  // priority), then its place in this station's own limiter. No floor, or the floor away:
  // straight to the station's own limiter, exactly as before.
  const budget: FloorBudgetSource | null = o.sharedBudget
    ? new FloorBudgetSource({
        floor: {
          get db() {
            return floor.db;
          },
          status: () => floor.status(),
        },
        account,
        station: () => floor.station.name || computerName(),
        startRate: () => o.startRate(),
        log: (line) => o.log?.(`floor budget: ${line}`),
        onStatus: (status) =>
          o.log?.(
            status.mode === 'shared'
              ? "floor budget: requests take the floor's shared budget"
              : `floor budget: requests go on with this station's own limit (${status.reason})`,
          ),
      })
    : null;
  const joined = savedFloorConnection(floorFile, store.vault).then((connection) =>
    connection ? floor.configure(connection) : undefined,
  );
  // The pack log and printed marks floor-wide (floor/pack): "Already packed", "Packed today"
  // and prints known at every station. No floor: the station's own answers.
  const pack = new FloorPackStation(floor, {
    account: floorAccount,
    problem: floorLog,
  });
  // Order creates floor-wide: a draft's create is registered on the floor before it is sent,
  // so a console sending the same draft waits for that outcome instead of sending it again.
  // No floor configured (db null): the station's own record, exactly as before.
  const pendingCreates = new FloorPendingCreates({
    db: () => floor.db,
    account: floorAccount,
    // Read at each create: the name Settings → Station gives now, as the floor shows it.
    get station() {
      return stationName();
    },
    local: localStore,
    offline: (error) =>
      floorLog(
        `a create went on without the floor: ${error instanceof Error ? error.message : 'no answer'}`,
      ),
  });
  const creates: OrderCreates = {
    pending: pendingCreates,
    create: (api, request, call, resolution) =>
      createOrderOnFloor(api, request, call, resolution ?? {}, pendingCreates),
  };
  // Print batches on the floor, before the first job: "Print the rest" of a batch another
  // station prints now is refused there. No floor configured: the journal only, as before.
  const floorBatches = () => {
    const db = floor.db;
    return db ? new FloorBatches(db, stationName(), floorAccount()) : null;
  };
  const batchOffline = (error: unknown) =>
    floorLog(
      `a batch went on without the floor: ${error instanceof Error ? error.message : 'no answer'}`,
    );
  // Batches interrupted at any station are listed at every one, and "Print the rest" here
  // takes the floor's hold and hands it to the batch's recorder below.
  const batchShare = floorBatchShare({ batches: floorBatches, offline: batchOffline });
  const batchRecorder: NonNullable<PrintingOptions['batchRecorder']> = (journal) =>
    withFloorBatches(journal, {
      batches: floorBatches,
      startedBy: () => stationProfile().packer || stationName(),
      offline: batchOffline,
      handed: batchShare.handed,
    });
  // A floor batch's job a kill left queued here is sent at the restart only if the floor has
  // not settled its orders meanwhile (floor-batch-settle.ts). Asked before the printers start:
  // the floor's join is waited for a moment (a restart joins at once when the floor answers).
  // No floor set up: sent, as a station alone would (a held one stays held: the person has not
  // answered yet). A floor set up but offline, or with no answer: held for a person, since
  // another station may have printed them meanwhile; asked again when the floor is back
  // (open-printing.ts).
  const recoveredJobCheck: NonNullable<PrintingOptions['recoveredJobCheck']> = async (job) => {
    await Promise.race([
      joined.catch(() => undefined),
      wait(RECOVERY_JOIN_WAIT_MS, undefined, { ref: false }),
    ]);
    const batches = floorBatches();
    if (!batches) return { kind: 'alone' };
    // In words a packer acts on; why the floor is away is the floor banner's to say.
    const held = (floorWas: string) => ({
      kind: 'unknown' as const,
      reason: `Held: the floor ${floorWas}, so it cannot say whether another station printed these orders while this one was stopped. Print anyway, or Cancel; it is asked again when the floor is back.`,
    });
    if (floor.status() !== 'online') return held('is offline');
    try {
      // A floor that hangs (no answer, no reset) must not hold the station's start: past the
      // wait the job is held, and the station starts.
      const answer = await Promise.race([
        batches.settledWhileAway(job.batchId, job.orderIds),
        wait(RECOVERY_JOIN_WAIT_MS, 'no answer' as const, { ref: false }),
      ]);
      if (answer === 'no answer') {
        batchOffline(new Error(`no answer within ${RECOVERY_JOIN_WAIT_MS / 1000} s`));
        return held(`did not answer within ${RECOVERY_JOIN_WAIT_MS / 1000} s`);
      }
      return answer ? { kind: 'settled', reason: answer } : { kind: 'clear' };
    } catch (error) {
      batchOffline(error);
      return held('could not be asked');
    }
  };
  const onFloorBack: NonNullable<PrintingOptions['onFloorBack']> = (fn) =>
    floor.onStatus((status) => {
      if (status === 'online') fn();
    });
  // The floor away: each station's own batches only, with no wait on an unreachable floor.
  const sharedBatches: NonNullable<PrintingOptions['sharedBatches']> = () =>
    floor.db && floor.status() === 'online' ? batchShare.share : null;
  // Printed marks floor-wide: the marks this station's batches write in its own store (the
  // printing domain's, with each job) follow to the floor, so a label printed at the office
  // desk is printed at the pack stations. The store followed is the one the printing takes
  // for a batch (the selected connection's), taken before the batch writes its marks; marks
  // there before are known to the floor already or predate it (printed-marks-follower.ts).
  let marksFollowed: { store: LocalStore; stop: () => void } | null = null;
  const printingStore = async (): Promise<LocalStore> => {
    const current = await localStore();
    if (marksFollowed?.store !== current) {
      marksFollowed?.stop();
      marksFollowed = {
        store: current,
        stop: followPrintedMarks({
          list: () => current.list(printedMarks),
          onChange: (fn) => current.onChange(fn),
          send: (prints) => pack.printed(stationName(), prints),
          problem: floorLog,
        }),
      };
    }
    return current;
  };
  // Review marks floor-wide: the station's store mirrors the floor's marks, and each mark made
  // here goes to the floor (queued while it is away). No floor: unchanged.
  // Each mirrored change is told on, so the renderer reads the marks and worklist again.
  const reviewSync = new FloorReviewSync(floor, localStore, {
    account: floorAccount,
    mirrored: () => o.floorChanged?.('reviews'),
  });
  const stopReviewSync = reviewSync.start();
  // The Floor view and the print queue, live: the floor's changes (claims, packs, conflicts,
  // stations, batches) are told to the renderer as they come, coalesced (floor-live-relay.ts).
  const stopLive = o.floorChanged
    ? relayFloorChanges({
        subscribe: (topic, fn) => floor.subscribe(topic, fn),
        account: floorAccount,
        tell: o.floorChanged,
      })
    : () => {};

  return {
    host: floor,
    budget,
    creates,
    batchRecorder,
    sharedBatches,
    recoveredJobCheck,
    onFloorBack,
    printingStore,
    // The order index on a floor: one station reads the orders for all of them (floor/walks),
    // the others take its copy; no floor, or the floor away: this station reads, as before.
    // The supervisor board's exceptions walk, the same way: one desk walks the stock list for
    // the floor and the other desks show its count with its age.
    exceptionsRead: sharedRead<InventoryExceptions>('inventory-exceptions', DEFAULT_MIN_INTERVAL),
    // The stock list read for sorting, per filter set: one station reads it for the floor, the
    // others sort that copy and say its age and station.
    stockListRead: sharedRead<StockListRead>('stock-list', SORTED_LIST_FRESH_MS),
    indexRead: floorIndexRead<OrderIndexEntry>({
      floor: () => floor,
      account: floorAccount,
      station: stationName,
      freshMs: DEFAULT_MIN_INTERVAL,
      log: floorLog,
    }),
    stationName,
    packerName,
    withReviews: <
      H extends HandlersFor<'returnReviewsList' | 'returnReviewSet' | 'returnReviewClear'>,
    >(
      handlers: H,
    ) => withFloorReviews(handlers, reviewSync),
    withPackLog: (handlers: HandlersFor<PackLogMethod>) =>
      withFloorPackLog(handlers, { floor: pack, station: stationName, problem: floorLog }),
    withMarks: (handlers: HandlersFor<'printedMarksList'>) =>
      withFloorMarks(handlers, { floor: pack }),
    /** The floor's own methods: settings, status, claims, the overview. */
    handlers: () => ({
      ...createFloorPackHandlers({ floor: pack, station: stationName, packer: packerName }),
      ...createFloorHandlers({ host: floor, file: floorFile, vault: store.vault, stationName }),
      ...createFloorWorkHandlers({ floor: () => floor, account: floorAccount }),
      ...createPackConflictHandlers({
        withBudget: (ms, fn) => floor.withBudget(ms, fn),
        account: floorAccount,
        who: packerName,
      }),
    }),
    /** Settings → Station names this station on the floor and signs its packer in there. */
    stationChanged: () => {
      const profile = stationProfile();
      void floor
        .updateStation({
          name: stationName(),
          locationId: profile.locationId,
          packer: profile.packer,
        })
        .catch((error: Error) => floorLog(error.message));
    },
    /** After the printing (a batch in progress finishes first), before the local stores. */
    close: async () => {
      await joined.catch(() => {});
      stopReviewSync();
      stopLive();
      marksFollowed?.stop();
      budget?.close();
      await floor.close();
    },
  };
}

export type FloorComposition = Awaited<ReturnType<typeof composeFloor>>;
