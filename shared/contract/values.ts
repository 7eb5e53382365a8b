/**
 * Value shapes that cross the bridge besides the API's own objects (those are the generated
 * OpenAPI types): connections, key status, files, throttle state, events.
 */
import type { components } from '../api/schema.gen';
import type { PrintJobView } from './printing-values';

export type Api = components['schemas'];

/** A saved connection as the renderer sees it: never the key, only whether one is set. */
export interface ConnectionView {
  id: string;
  name: string;
  baseUrl: string;
  /** True for the embedded sandbox started by "Try the sandbox". */
  sandbox: boolean;
  key: KeyStatus;
}

export interface KeyStatus {
  hasKey: boolean;
  /** The key's last four characters, to tell keys apart; null when none is set. */
  last4: string | null;
  /** Where the key lives: the OS keychain, or this run's memory only. */
  storage: 'keychain' | 'session' | null;
  keychainAvailable: boolean;
  /** Why the keychain cannot be used, in plain words, when it cannot. */
  keychainProblem?: string;
}

export interface ConnectionsView {
  connections: ConnectionView[];
  selectedId: string | null;
}

export interface ConnectionVerdict {
  ok: boolean;
  /** What a person should read: "Connected: 2,013 orders" or why not. */
  message: string;
  status?: number;
  latencyMs?: number;
}

/** A document or label file, small enough to cross the boundary whole. */
export interface BinaryFile {
  fileName: string;
  contentType: string;
  size: number;
  base64: string;
}

/** An export written to disk by the main process, streamed (never held whole in memory). */
export interface ExportResult {
  path: string;
  bytes: number;
  rows: number;
  /** The id the main process gave the file (savedFileGet, savedFileLink, pathReveal). */
  fileId?: string;
  /**
   * Set when the rows could not be checked against the list's count (the count request
   * failed): the file is kept aside under an `.unverified.csv` name, never called finished.
   * In words: "unverified: 1,020 rows written, the count could not be checked".
   */
  unverified?: string;
  /** Rows the service sent that did not match the API's description: not in the file. */
  leftOut?: number;
}

/** One page of the whole filtered stock list sorted by the bridge (inventorySortedPage). */
export interface SortedStockPage {
  /** Rows in the whole filtered list, as read. */
  count: number;
  /** The page given (the last one when the one asked for is past the end). */
  page: number;
  results: Api['StockLevel'][];
  /** Rows the service sent that did not match the API's description: not in the list. */
  leftOut: number;
  /** When the list was read (ISO): it is kept a few minutes, then read again. */
  readAt: string;
  /** On a floor: the station whose read of the list this is (absent: read here). */
  readBy?: string;
}

/** Stock rows at or below their reorder point (issue 13), lowest available first. */
export interface ReorderList {
  rows: Api['StockLevel'][];
  /** Every such row found; more than `rows` holds when the list's bound cut it. */
  total: number;
  /** Rows the service sent that did not match the API's description. */
  leftOut: number;
  /** When it was read (ISO). */
  at: string;
}

/**
 * A row of a list page that does not match the API's description (e.g. `weight_kg` null where a
 * number is promised). It is left out of `results` and listed here, so one bad row never
 * fails a page, a tab or "select all".
 */
export interface RejectedRow {
  /** Its place in the page as the service sent it (0 = the first row). */
  index: number;
  /** Its id when one can be read (orders and returns: `id`; stock levels: `product_id`). */
  id: number | string | null;
  /** What was wrong, in plain words, e.g. "weight_kg is empty (null), not a number". */
  problem: string;
}

/**
 * A list count the rows contradict, passed on as given with this flag: the view shows what is
 * known (the rows) and says the count cannot be right.
 * - `negative`: the count is below zero;
 * - `fewer_than_rows`: the count is smaller than the rows this page alone holds;
 * - `rows_missing`: page 1 holds no rows although the count says some match;
 * - `differs_from_rows`: a list whose only page holds a different number of rows.
 */
export interface CountContradiction {
  kind: 'negative' | 'fewer_than_rows' | 'rows_missing' | 'differs_from_rows';
  /** For the person, e.g. "The service counts −3 matching, which cannot be right." */
  message: string;
}

/**
 * A page of a list as the bridge hands it on: the API's page (only the rows that match the
 * description in `results`) plus, only when there is something to flag, the rows set aside
 * and a count contradiction. On a page with neither, the two keys are absent.
 */
export type CheckedPage<P> = P & {
  rejectedRows?: RejectedRow[];
  countContradiction?: CountContradiction;
};

/** A plain-array list being read as it arrives (shipmentsStream): read it with its id. */
export interface ListStreamStart {
  streamId: string;
  /** Set when the stream reads the copy kept on disk: when that list was saved (ISO 8601). */
  keptAt?: string;
}

/** The rows of a streamed list that arrived since the last read (shipmentsStreamRead). */
export interface ListChunk<T> {
  rows: T[];
  /** The place of rows[0] in the whole list; the next read asks from `from + rows.length`. */
  from: number;
  /** Rows checked so far (those read and those waiting). */
  loaded: number;
  /** Elements set aside since the last read (their place in the service's array). */
  setAside: RejectedRow[];
  /** Bytes of the answer received so far, and its Content-Length when the service sent one. */
  bytes: number;
  totalBytes?: number;
  /** The list ended and these are its last rows. */
  done: boolean;
  /** A person stopped the list (a read with `stop`): these are the last rows it hands over. */
  stopped?: boolean;
}

export interface IdList {
  ids: number[];
  count: number;
  /** Rows whose id could not be read: not in `ids` (absent when there are none). */
  leftOut?: RejectedRow[];
}

/**
 * The stock rows a supervisor's exceptions board needs that no API filter finds (issue 13):
 * every row under a recall or holding stock past its date, from one walk of the list, and
 * the product stock of each recalled product (which batch, at which location).
 */
export interface InventoryExceptions {
  /** Rows with `recall` set or an `earliest_expiry` before the start of today (UTC). */
  rows: Api['StockLevel'][];
  /** The product stock of every product a row names as recalled, by product id order. */
  recalled: Api['ProductStock'][];
  /**
   * The product stock of every product a row names as holding expired stock (which batch is
   * past its date, at which location), so expired batches can be found in their bins and
   * marked pulled; absent on a walk kept before the walk read them.
   */
  expired?: Api['ProductStock'][];
  /** Rows read in the walk (the list's count when it ended). */
  scanned: number;
  /** API requests the answer took (list pages and product stock reads). */
  requests: number;
  /** When the walk started (ISO), the instant "expired" was judged against. */
  at: string;
}

export interface ThrottleState {
  /** Requests waiting for a slot, by priority. */
  queued: { interactive: number; background: number };
  inFlight: number;
  /** Current adaptive request rate (requests per second). */
  rate: number;
  /** When set, the whole queue waits until this instant (ms since epoch) for the rate limit. */
  pausedUntil: number | null;
  /** 429s seen since start. */
  throttled: number;
  /** A retry in progress for a network or server error, for the "retrying" banner. */
  retrying: { count: number; lastError: string | null };
}

export interface Progress {
  operationId: string;
  /** e.g. "Fetching orders", "Writing CSV". */
  phase: string;
  done: number;
  total: number | null;
  /** A walk of many pages: pages read, of the pages there are (null until the first page). */
  pages?: { done: number; total: number | null };
}

export type BridgeEvent =
  | { type: 'progress'; progress: Progress }
  | { type: 'throttle'; state: ThrottleState }
  | { type: 'notice'; level: 'info' | 'warning' | 'error'; message: string }
  | { type: 'printJob'; job: PrintJobView; change: 'changed' | 'removed' }
  /**
   * Another station changed what this one shows (issue 29: a review mark made at another
   * bench is in this station's store now): the renderer reads that topic's queries again.
   */
  | { type: 'floorChanged'; topic: FloorTopic };

/**
 * What a floorChanged event names: the floor's shared state a view shows. `reviews`: the
 * review marks and worklist; `overview`: the Floor view (stations, claims, packs, conflicts,
 * batches); `batches`: the print queue's interrupted batches.
 */
export type FloorTopic = 'reviews' | 'overview' | 'batches';

export interface AppInfo {
  name: string;
  version: string;
  transport: 'electron' | 'browser';
}
