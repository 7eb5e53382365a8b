/**
 * Settings → Floor's Test connection: connects as the settings say and reads (never writes)
 * enough to tell the person exactly what will happen when they save — the floor is ready, or
 * will be set up, or what is wrong: unreachable, refused password, no such database, no
 * rights, TLS, a schema from a newer console, another program's database.
 */
import type { FloorTestVerdict } from '../../../shared/contract/floor-values';
import type { FloorConnection } from './db/floor-config';
import { FloorDb } from './db/floor-db';
import { classifyFloorError } from './db/floor-errors';
import { readMigrations } from './db/migrate';

export async function testFloorConnection(
  connection: FloorConnection,
  options: { timeoutMs?: number } = {},
): Promise<FloorTestVerdict> {
  const db = new FloorDb(connection, {
    connectTimeoutMs: options.timeoutMs ?? 5000,
    statementTimeoutMs: options.timeoutMs ?? 5000,
    max: 1,
    applicationName: 'Packbench floor test',
  });
  try {
    const facts = await db.query<{
      version: string;
      has_schema: boolean;
      can_create: boolean;
      tables: string[] | null;
      ssl: boolean | null;
    }>(
      `SELECT current_setting('server_version') AS version,
              to_regclass('floor_schema') IS NOT NULL AS has_schema,
              has_schema_privilege(current_schema(), 'CREATE') AS can_create,
              (SELECT array_agg(table_name::text ORDER BY table_name) FROM information_schema.tables
                WHERE table_schema = current_schema()) AS tables,
              (SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()) AS ssl`,
    );
    const row = facts.rows[0]!;
    const tls = row.ssl ? 'encrypted (TLS)' : 'not encrypted';
    const known = readMigrations().at(-1)?.version ?? 0;
    if (row.has_schema) {
      const newest = await db.query<{ v: number | null }>(
        'SELECT max(version) AS v FROM floor_schema',
      );
      const version = Number(newest.rows[0]?.v ?? 0);
      if (version > known) {
        return {
          ok: false,
          kind: 'schema',
          message: `This floor database was set up by a newer Packbench (schema ${version}; this console knows up to ${known}). Update this console.`,
        };
      }
      const rights = await db.query<{ ok: boolean }>(
        `SELECT has_table_privilege('floor_events', 'INSERT') AND has_table_privilege('floor_stations', 'UPDATE') AS ok`,
      );
      if (!rights.rows[0]?.ok) {
        return {
          ok: false,
          kind: 'rights',
          message:
            "This user may read the floor but not write to it (ask IT to grant it the floor's tables).",
        };
      }
      const stations = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM floor_stations',
      );
      return {
        ok: true,
        kind: 'ok',
        message: `Connected (PostgreSQL ${row.version}, ${tls}): a floor of ${stations.rows[0]!.n} station${stations.rows[0]!.n === 1 ? '' : 's'}${version < known ? '; it will be brought up to date when you save' : ''}.`,
      };
    }
    const tables = row.tables ?? [];
    if (tables.length > 0) {
      return {
        ok: false,
        kind: 'schema',
        message: `This database belongs to another program (it holds ${tables.slice(0, 3).join(', ')}${tables.length > 3 ? ' and more' : ''}, and no Packbench floor). Choose an empty database for the floor.`,
      };
    }
    if (!row.can_create) {
      return {
        ok: false,
        kind: 'rights',
        message:
          "This user may not create the floor's tables in that database (ask IT to make it the owner, or grant CREATE).",
      };
    }
    return {
      ok: true,
      kind: 'ok',
      message: `Connected (PostgreSQL ${row.version}, ${tls}): the database is empty; the floor will be set up in it when you save.`,
    };
  } catch (error) {
    const { kind, message } = classifyFloorError(error);
    return { ok: false, kind, message };
  } finally {
    await db.close().catch(() => {});
  }
}
