/**
 * Settings → Floor (issue 29): the shared PostgreSQL connection of a floor of stations, as the
 * renderer sees it. The password never crosses the bridge outward: the view says only whether
 * one is kept (in the OS keychain, beside the API key).
 */
import { z } from 'zod';

export const FLOOR_TLS_MODES = ['verify', 'require', 'off'] as const;
export type FloorTlsMode = (typeof FLOOR_TLS_MODES)[number];

export type FloorStatusName = 'online' | 'offline' | 'not-configured';

export interface FloorConnectionSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  tls: FloorTlsMode;
}

export interface FloorStatusView {
  status: FloorStatusName;
  /** Why the floor is offline, in a sentence (null when online or not set up). */
  problem: string | null;
  /** Actions kept on this station, to be sent when the floor is back. */
  pending: number;
}

export interface FloorSettingsView extends FloorStatusView {
  /** Null: no floor; this station works alone. */
  settings: FloorConnectionSettings | null;
  /** A password is kept in the keychain for the floor. */
  hasPassword: boolean;
  /** This station as the floor names it (Settings → Station, else the computer). */
  stationName: string;
}

export type FloorTestKind =
  | 'ok'
  | 'unreachable'
  | 'password'
  | 'database'
  | 'rights'
  | 'tls'
  | 'schema'
  | 'timeout'
  | 'other';

export interface FloorTestVerdict {
  ok: boolean;
  kind: FloorTestKind;
  /** What a person reads: what works, or exactly what is wrong. */
  message: string;
}

/** The connection as typed in Settings → Floor (the password only when typed anew). */
export const floorConnectionArgs = z.strictObject({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  database: z.string().trim().min(1).max(63),
  user: z.string().trim().min(1).max(63),
  tls: z.enum(FLOOR_TLS_MODES),
  /** Empty or left out: keep (or test with) the password already kept. */
  password: z.string().max(1000).optional(),
  /** TLS off for a host that is not this computer, after the warning was shown. */
  allowPlain: z.boolean().optional(),
});
export type FloorConnectionArgs = z.infer<typeof floorConnectionArgs>;
