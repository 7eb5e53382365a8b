/**
 * The floor's connection: where the shared PostgreSQL is and how to reach it. The settings
 * keep everything but the password (which lives in the OS keychain beside the API key, see
 * the README); `FloorConnection` is both together, only ever in memory.
 */
import { z } from 'zod';

/** TLS: 'verify' checks the server's certificate, 'require' only encrypts, 'off' is plain. */
export const FLOOR_TLS = ['require', 'verify', 'off'] as const;
export type FloorTls = (typeof FLOOR_TLS)[number];

/** What the settings keep (never the password). */
export const floorSettingsSchema = z.strictObject({
  host: z.string().trim().min(1, 'a host name or address').max(253),
  port: z.number().int().min(1).max(65_535).default(5432),
  database: z.string().trim().min(1, 'a database name').max(63),
  user: z.string().trim().min(1, 'a user name').max(63),
  tls: z.enum(FLOOR_TLS).default('require'),
});
export type FloorSettings = z.infer<typeof floorSettingsSchema>;

export interface FloorConnection extends FloorSettings {
  password: string;
  /** PEM certificate(s) to trust for 'verify' beyond the system's (a private CA). */
  ca?: string;
}

/**
 * 127.0.0.0/8, ::1, localhost and a Unix socket folder (a host starting with /, as `pg` reads
 * it): the only hosts where TLS may be off without a warning, since nothing leaves the computer.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h.startsWith('/');
}

/**
 * Checks settings as typed by a person, with one sentence per problem (no zod jargon), and
 * refuses TLS off for a host that is not loopback unless `allowPlain` says the person was
 * warned and chose it.
 */
export function checkFloorSettings(
  input: unknown,
  options: { allowPlain?: boolean } = {},
): { ok: true; value: FloorSettings } | { ok: false; error: string } {
  const parsed = floorSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? 'connection');
    const what: Record<string, string> = {
      host: 'The floor database host needs a host name or address.',
      port: 'The floor database port is a whole number from 1 to 65535.',
      database: 'The floor database needs a database name (up to 63 characters).',
      user: 'The floor database needs a user name (up to 63 characters).',
      tls: 'TLS is one of: verify, require, off.',
    };
    return {
      ok: false,
      error:
        issue.code === 'unrecognized_keys'
          ? `The floor connection has fields it does not know: ${(issue as { keys: string[] }).keys.join(', ')}.`
          : (what[field] ?? `The floor connection is not valid: ${issue.message}.`),
    };
  }
  if (parsed.data.tls === 'off' && !isLoopbackHost(parsed.data.host) && !options.allowPlain) {
    return {
      ok: false,
      error: `TLS can be off only for this computer (localhost); ${parsed.data.host} needs TLS unless you turn it off knowingly (the password and the floor's data would cross the network unencrypted).`,
    };
  }
  return { ok: true, value: parsed.data };
}
