/**
 * A pack station on the floor (issue 29): what the packing domain asks when an order's pack
 * screen opens, when it is packed, printed or left, through floor-core's FloorSession.
 *
 * - Every floor call in a person's path runs within the scan's budget (150 ms,
 *   `withBudget`): past it, or with the floor down, the station goes on as offline for that
 *   action and says so. Offline, claims are local only (this station's own map, the same
 *   rules: claim-rules.ts), and "Already packed" comes from the station's own log.
 * - Packs and prints are floor writes (`session.write`): written at once within the budget,
 *   or kept in the station's queue and written once when the floor is back. A pack made on a
 *   local claim is marked so; written back, a second pack of its order is a conflict for the
 *   supervisor (pack-log-floor.ts).
 * - With no floor configured every call answers "no floor" at once, and the station works
 *   exactly as before.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  claimIdleMinutesSchema,
  type FloorClaimSettingsView,
} from '../../../../shared/contract/floor-claim-settings';
import type { PackRecord } from '../../../../shared/contract/packing-values';
import type { PrintedMark } from '../../../../shared/contract/printing-values';
import {
  type Claimant,
  type ClaimDecision,
  claimIdleMs,
  decideClaim,
  type PackClaim,
} from './claim-rules';
import { readClaimSettings, saveClaimSettings } from './claim-settings-store';
import { releaseClaim, takeOverClaim, touchClaim } from './claim-store';
import type { PackQueryable, PackTx } from './floor-port';
import { listPackConflicts, type PackConflictItem } from './pack-conflict-store';
import {
  addFloorPrints,
  type FloorPrint,
  floorPackRecords,
  floorPrintedMarks,
  type PackPayload,
  packActionKind,
} from './pack-log-floor';
import { openForPacking } from './pack-open';

/** The scan's budget on the floor (floor-types.ts SCAN_BUDGET_MS). */
export const PACK_SCAN_BUDGET_MS = 150;
/** How often a claim's idle time is refreshed at most (a fraction of the shortest idle limit). */
export const TOUCH_EVERY_MS = 20_000;
/** Reads a person waits for on a screen that is not a scan (the supervisor's list). */
const LIST_BUDGET_MS = 2_000;

type FloorDbLike = PackQueryable & PackTx;

type Budgeted<T> =
  | { ok: true; value: T }
  | { ok: false; reason: 'not-configured' | 'offline' | 'budget' | 'error'; message: string };

/** What this needs of floor-core's FloorSession (floor-types.ts), and no more. */
export interface PackFloorSession {
  withBudget<T>(ms: number | undefined, fn: (db: FloorDbLike) => Promise<T>): Promise<Budgeted<T>>;
  register(kind: {
    kind: string;
    schema: z.ZodType<unknown>;
    apply(q: PackQueryable, action: { key: string; payload: unknown }): Promise<unknown>;
  }): void;
  write(
    kind: string,
    action: { key: string; payload: unknown; at?: string },
    budgetMs?: number,
  ): Promise<{ written: 'floor' | 'local-only' | 'queued'; message?: string }>;
}

export type FloorOpen =
  /** No floor is configured: the station decides alone, as before. */
  | { source: 'none' }
  /** The floor answered: its claim decision and its last pack of the order. */
  | { source: 'floor'; claim: ClaimDecision; packed: PackRecord | null }
  /** The floor did not answer in time or is down: a local claim, and why, in words. */
  | { source: 'local'; claim: ClaimDecision; message: string };

export interface FloorPackStationOptions {
  /**
   * The floor's name for the API account (never the key); a function when the console can
   * switch connections, read at each call.
   */
  account: string | (() => string);
  /**
   * Idle time of a claim (ms): 15 minutes unless Settings → Floor says; a function when the
   * setting can change while the console runs, read at each claim (bounded by claimIdleMs).
   */
  idleMs?: number | (() => number);
  /**
   * At most one refresh of a claim's idle time per this many ms (default TOUCH_EVERY_MS): a
   * packer scanning 30 items a minute writes to the floor twice a minute, not 30 times.
   */
  touchEveryMs?: number;
  /** The scan's budget on the floor (ms): PACK_SCAN_BUDGET_MS unless a test says otherwise. */
  scanBudgetMs?: number;
  now?: () => number;
  /** Rows left out or floor calls given up, in words, for the station's log. */
  problem?: (message: string) => void;
}

const printPayloadSchema = z.object({
  account: z.string().min(1).max(200).optional(),
  station: z.string().min(1).max(80),
  prints: z
    .array(
      z.object({
        orderId: z.number().int().positive(),
        kind: z.string().min(1).max(40),
        printer: z.string().max(200),
        jobId: z.string().min(1).max(64),
        at: z.iso.datetime({ offset: true }),
      }),
    )
    .min(1)
    .max(500),
});

export class FloorPackStation {
  private readonly local = new Map<number, PackClaim>();
  /** Orders whose claim this visit came from the floor (a pack of theirs is not 'local'). */
  private readonly onFloor = new Set<number>();
  /** When each open order's claim was last refreshed on the floor (this station's clock). */
  private readonly touchedAt = new Map<number, number>();
  private readonly touchEveryMs: number;
  /** The floor's idle time as last read here (ms): local claims follow it while it is away. */
  private floorIdleMs: number | null = null;
  private readonly budget: number;
  private readonly now: () => number;
  private readonly problem: (message: string) => void;

  constructor(
    private readonly session: PackFloorSession,
    private readonly options: FloorPackStationOptions,
  ) {
    this.touchEveryMs = Math.max(0, options.touchEveryMs ?? TOUCH_EVERY_MS);
    this.budget = options.scanBudgetMs ?? PACK_SCAN_BUDGET_MS;
    this.now = options.now ?? Date.now;
    this.problem = options.problem ?? (() => {});
    const account = () => this.account();
    const pack = packActionKind('');
    session.register({
      kind: pack.kind,
      schema: pack.schema as z.ZodType<unknown>,
      apply: (q, action) => {
        const a = action as { key: string; payload: PackPayload };
        // Queued packs carry their account; one from an older queue takes the current one.
        return pack.apply(q, {
          ...a,
          payload: { ...a.payload, account: a.payload.account ?? account() },
        });
      },
    });
    session.register({
      kind: 'pack.printed',
      schema: printPayloadSchema as z.ZodType<unknown>,
      apply: async (q, action) => {
        const p = action.payload as z.infer<typeof printPayloadSchema>;
        await addFloorPrints(q, p.account ?? account(), p.station, p.prints);
        return { applied: true };
      },
    });
  }

  /** The idle limit now (Settings → Floor may have changed it), within its bounds. */
  private get idleMs(): number {
    if (this.floorIdleMs !== null) return this.floorIdleMs;
    const idle = this.options.idleMs;
    return claimIdleMs(typeof idle === 'function' ? idle() : idle);
  }

  /** Settings → Floor's claim rules: the floor's, or the last known here and why. */
  async claimSettings(): Promise<FloorClaimSettingsView> {
    const r = await this.session.withBudget(LIST_BUDGET_MS, (db) =>
      readClaimSettings(db, this.account(), this.problem),
    );
    if (r.ok) {
      this.floorIdleMs = claimIdleMs(r.value.claimIdleMinutes * 60_000);
      return { ...r.value, floor: 'floor', message: null };
    }
    return {
      claimIdleMinutes: Math.round(this.idleMs / 60_000),
      changedBy: null,
      changedAt: null,
      floor: r.reason === 'not-configured' ? 'none' : 'offline',
      message: r.message,
    };
  }

  /**
   * Sets the floor's idle time for every station (who set it is kept). Refused in words with
   * no floor or with the floor away: a rule for the whole floor is not kept on one station.
   */
  async saveClaimSettings(minutes: number, by: string): Promise<FloorClaimSettingsView> {
    const checked = claimIdleMinutesSchema.safeParse(minutes);
    if (!checked.success) {
      throw new Error(checked.error.issues[0]?.message ?? 'The idle time cannot be that.');
    }
    const r = await this.session.withBudget(LIST_BUDGET_MS, (db) =>
      saveClaimSettings(db, this.account(), checked.data, by),
    );
    if (!r.ok) {
      const why =
        r.reason === 'not-configured'
          ? 'Set up the floor’s database first: the idle time is kept there for every station.'
          : `The idle time was not saved: ${r.message}`;
      throw new Error(why);
    }
    this.floorIdleMs = claimIdleMs(r.value.claimIdleMinutes * 60_000);
    return { ...r.value, floor: 'floor', message: null };
  }

  private account(): string {
    const a = this.options.account;
    return typeof a === 'function' ? a() : a;
  }

  /** Opening an order's pack screen: claim it on the floor within the scan's budget, or locally. */
  async open(who: Claimant): Promise<FloorOpen> {
    const r = await this.session.withBudget(this.budget, (db) =>
      openForPacking(db, this.account(), who, this.idleMs),
    );
    if (r.ok) {
      for (const p of r.value.problems) this.problem(p);
      if (r.value.claim.kind !== 'held') {
        this.onFloor.add(who.orderId);
        // The open itself refreshed the claim: the next touch is due a full interval later.
        this.touchedAt.set(who.orderId, this.now());
      }
      this.local.delete(who.orderId);
      return { source: 'floor', claim: r.value.claim, packed: r.value.packed };
    }
    if (r.reason === 'not-configured') return { source: 'none' };
    this.onFloor.delete(who.orderId);
    const claim = decideClaim(this.local.get(who.orderId) ?? null, who, this.now(), this.idleMs);
    if (claim.kind !== 'held') this.local.set(who.orderId, claim.claim);
    return { source: 'local', claim, message: `${r.message} Claims are local only.` };
  }

  /**
   * A sign of work on the open order (a verified item): its claim's idle time starts again.
   * Throttled: at most one floor write per `touchEveryMs` for an order; true when the floor's
   * claim was refreshed now, false when it was not due, not this station's, or the floor did
   * not answer (the local claim is refreshed in every case).
   */
  async touch(orderId: number, station: string): Promise<boolean> {
    const now = this.now();
    const claim = this.local.get(orderId);
    if (claim) this.local.set(orderId, { ...claim, touchedAt: new Date(now).toISOString() });
    if (!this.onFloor.has(orderId)) return false;
    const last = this.touchedAt.get(orderId);
    if (last !== undefined && now - last < this.touchEveryMs) return false;
    // Marked before the write: scans arriving while it is under way do not queue more writes.
    this.touchedAt.set(orderId, now);
    const r = await this.session.withBudget(this.budget, (db) =>
      touchClaim(db, this.account(), orderId, station),
    );
    if (!r.ok) {
      // Due again at the next scan: a refresh the floor missed must not wait a whole interval.
      this.touchedAt.delete(orderId);
      if (r.reason !== 'not-configured') this.problem(r.message);
      return false;
    }
    return r.value;
  }

  /** The packer left the order unpacked: its claim ends, on the floor and here. */
  async release(orderId: number, station: string): Promise<void> {
    this.local.delete(orderId);
    this.onFloor.delete(orderId);
    this.touchedAt.delete(orderId);
    const r = await this.session.withBudget(this.budget, (db) =>
      releaseClaim(db, this.account(), orderId, station),
    );
    // A release the floor did not take ends by idle time; nothing is lost.
    if (!r.ok && r.reason !== 'not-configured') this.problem(r.message);
  }

  /** Takes over another station's claim with a reason (logged on the floor). */
  async takeOver(who: Claimant, reason: string): Promise<FloorOpen> {
    const r = await this.session.withBudget(this.budget * 4, (db) =>
      takeOverClaim(db, this.account(), who, reason, this.idleMs),
    );
    if (r.ok) {
      this.onFloor.add(who.orderId);
      this.touchedAt.set(who.orderId, this.now());
      return {
        source: 'floor',
        claim: { kind: 'granted', claim: r.value, expired: null },
        packed: null,
      };
    }
    if (r.reason === 'not-configured') return { source: 'none' };
    if (r.reason === 'error') throw new Error(r.message);
    return this.open(who);
  }

  /**
   * The order is packed: written to the floor's log at once, or queued while the floor is
   * away. The key is made here, once, so a retry is the same pack.
   */
  async packed(pack: Omit<PackPayload, 'claim'>): Promise<{ written: string; message?: string }> {
    const claim: PackPayload['claim'] = this.onFloor.has(pack.orderId) ? 'floor' : 'local';
    this.local.delete(pack.orderId);
    this.onFloor.delete(pack.orderId);
    this.touchedAt.delete(pack.orderId);
    return this.session.write(
      'pack.packed',
      {
        key: `pack:${pack.orderId}:${randomUUID()}`,
        payload: { ...pack, claim, account: this.account() },
        at: pack.packedAt,
      },
      this.budget,
    );
  }

  /** Documents printed at this station (a pack, a batch): printed everywhere on the floor. */
  async printed(station: string, prints: readonly FloorPrint[]) {
    if (prints.length === 0) return { written: 'floor' as const };
    const jobs = [...new Set(prints.map((p) => `${p.jobId}/${p.orderId}/${p.kind}`))].sort();
    return this.session.write(
      'pack.printed',
      {
        key: `print:${station}:${jobs.join(',')}`.slice(0, 200),
        payload: { account: this.account(), station, prints },
      },
      this.budget,
    );
  }

  /** The floor's pack records (by order, or "Packed today"); null when the floor did not answer. */
  async records(options: { orderIds?: readonly number[]; since?: string }) {
    const r = await this.session.withBudget(this.budget, (db) =>
      floorPackRecords(db, this.account(), options),
    );
    return r.ok ? r.value : null;
  }

  /** The orders' printed marks floor-wide; null when the floor did not answer. */
  async marks(orderIds: readonly number[]): Promise<PrintedMark[] | null> {
    const r = await this.session.withBudget(this.budget, (db) =>
      floorPrintedMarks(db, this.account(), orderIds),
    );
    return r.ok ? r.value : null;
  }

  /** Double packs for the supervisor; a sentence when the floor cannot say. */
  async conflicts(): Promise<
    { ok: true; conflicts: PackConflictItem[] } | { ok: false; message: string }
  > {
    const r = await this.session.withBudget(LIST_BUDGET_MS, (db) =>
      listPackConflicts(db, this.account()),
    );
    return r.ok ? { ok: true, conflicts: r.value } : { ok: false, message: r.message };
  }
}
