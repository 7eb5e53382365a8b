/**
 * The floor's pack claims and double packs (issue 29; electron/domains/floor/pack): who holds
 * an order open at another station, and the orders packed twice while the floor was offline,
 * for the supervisor.
 */

/** Another station holding the order open. */
export interface FloorClaimHolder {
  station: string;
  packer: string;
  /** ISO 8601: since when. */
  since: string;
  /** Whole minutes without a verified item there (the floor's clock), for "idle for 12 min". */
  idleMinutes?: number;
}

export interface FloorPackOpenView {
  /**
   * 'none': no floor is configured (the station decides alone, as before); 'floor': the floor
   * answered; 'local': it did not in time or is down, so the claim is this station's alone.
   */
  floor: 'none' | 'floor' | 'local';
  /** Another station holding the order (the claim gate), or null. */
  holder: FloorClaimHolder | null;
  /** Why the floor was not used, in words ("… Claims are local only."), or null. */
  message: string | null;
}

export interface FloorPackSide {
  station: string;
  packer: string;
  packedAt: string;
  /** Packed while the floor was offline. */
  offline: boolean;
}

export interface FloorPackConflictView {
  id: number;
  orderId: number;
  orderName: string;
  first: FloorPackSide;
  second: FloorPackSide;
  foundAt: string;
  resolved: { by: string; at: string; note: string } | null;
}

export interface FloorPackConflictsView {
  conflicts: FloorPackConflictView[];
  /** Why the list could not be read (no floor, offline), or null. */
  message: string | null;
}
