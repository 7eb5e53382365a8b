/**
 * The supervisor's Floor view (issue 29): the floor at a glance, read from the floor's
 * database in one call. Words and names only: no ids a person would not know.
 */

export interface FloorStationLine {
  name: string;
  /** Heard from within the last 30 s (the stations' heartbeat). */
  online: boolean;
  lastSeen: string;
  /** Who is signed in there now, and since when (null: nobody). */
  signedIn: string | null;
  signedInSince: string | null;
}

export interface FloorClaimLine {
  orderName: string;
  station: string;
  packer: string;
  since: string;
}

export interface FloorBatchLine {
  title: string;
  station: string;
  startedBy: string;
  reached: number;
  total: number;
  /** Of `reached`: orders a station may have printed when it stopped, for a person to check. */
  toCheck?: number;
  /** printing: a station holds it now; interrupted: its station went away; stopped: a failure stopped it. */
  state: 'printing' | 'interrupted' | 'stopped';
  /** The station printing it now, when one is. */
  holder: string | null;
  reason: string | null;
}

export interface FloorCount {
  name: string;
  orders: number;
}

export interface FloorOverview {
  status: 'online' | 'offline' | 'not-configured';
  /** Why the floor cannot be read (offline), in a sentence; null otherwise. */
  problem: string | null;
  /** When this was read (ISO 8601). */
  at: string;
  stations: FloorStationLine[];
  claims: FloorClaimLine[];
  batches: FloorBatchLine[];
  /**
   * Orders packed since local midnight, most first: each order once, where it was first
   * packed today (a repack is in `repacksToday`, not here).
   */
  packedByStation: FloorCount[];
  packedByPacker: FloorCount[];
  /** 24 entries, hour 0 to 23 of today (local time), each order once. */
  packedPerHour: { hour: number; orders: number }[];
  /** Packs today of orders already packed today (override repacks, double packs). */
  repacksToday: number;
}
