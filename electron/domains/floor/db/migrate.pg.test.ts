/**
 * The floor's migrations on the real cluster (scripts/with-postgres.sh): what IT and a
 * supervisor would check — a fresh database gets the schema once, two consoles starting at the
 * same moment do not both set it up, and a database the console must not touch is refused in
 * a sentence with nothing written to it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  NO_CLUSTER,
  pgSkip,
  type TestDatabase,
} from '../test-support/floor-database';
import { FloorDb } from './floor-db';
import { FloorSchemaError, type Migration, migrateFloor, readMigrations } from './migrate';

const dbs: TestDatabase[] = [];
const opened: FloorDb[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
  await Promise.all(dbs.splice(0).map((db) => db.drop()));
});

async function fresh(): Promise<TestDatabase> {
  const db = await createTestDatabase('migrate');
  dbs.push(db);
  return db;
}
function open(db: TestDatabase): FloorDb {
  const floor = new FloorDb(db.connection);
  opened.push(floor);
  return floor;
}
const steps = (n: number): Migration[] =>
  Array.from({ length: n }, (_, i) => ({
    version: i + 1,
    name: `step-${i + 1}`,
    sql: `CREATE TABLE step_${i + 1} (id integer PRIMARY KEY)`,
  }));

describe.skipIf(pgSkip)(`floor migrations (${NO_CLUSTER})`, () => {
  it('applies the repository migrations in order, each once, recorded with its name', async () => {
    const db = await fresh();
    const floor = open(db);
    const files = readMigrations();
    expect(files[0]).toMatchObject({ version: 1, name: 'core' });
    const first = await migrateFloor(floor, { station: 'station-a' });
    expect(first.applied).toEqual(files.map((m) => m.version));
    const again = await migrateFloor(floor);
    expect(again).toEqual({ applied: [], version: files.at(-1)!.version });
    const rows = await floor.query(
      'SELECT version, name, applied_by FROM floor_schema ORDER BY version',
    );
    expect(rows.rows.map((r) => [r.version, r.name])).toEqual(
      files.map((m) => [m.version, m.name]),
    );
    expect(rows.rows[0]!.applied_by).toBe('station-a');
  });

  it('two consoles migrating at once: one sets the schema up, the other finds it done', async () => {
    const db = await fresh();
    const a = open(db);
    const b = open(db);
    const slow: Migration[] = [
      { version: 1, name: 'slow', sql: 'SELECT pg_sleep(0.3); CREATE TABLE once (id integer)' },
      { version: 2, name: 'second', sql: 'CREATE TABLE twice_not (id integer)' },
    ];
    const [ra, rb] = await Promise.all([
      migrateFloor(a, { migrations: slow }),
      migrateFloor(b, { migrations: slow }),
    ]);
    expect([ra.applied, rb.applied].sort((x, y) => y.length - x.length)).toEqual([[1, 2], []]);
    const count = await a.query('SELECT count(*)::int AS n FROM floor_schema');
    expect(count.rows[0]!.n).toBe(2);
  });

  it('refuses a database set up by a newer console, in a sentence, and changes nothing', async () => {
    const db = await fresh();
    const floor = open(db);
    await migrateFloor(floor, { migrations: steps(7) });
    const error = await migrateFloor(floor, { migrations: steps(5) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FloorSchemaError);
    expect((error as Error).message).toBe(
      'This floor database was set up by a newer Packbench (schema 7; this console knows up to 5). Update this console.',
    );
  });

  it("refuses another program's database and creates nothing in it", async () => {
    const db = await fresh();
    const floor = open(db);
    await floor.query('CREATE TABLE customers (id integer); CREATE TABLE invoices (id integer)');
    const error = await migrateFloor(floor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FloorSchemaError);
    expect((error as Error).message).toMatch(
      /^This database belongs to another program \(it holds customers, invoices, and no Packbench floor\)\. Choose an empty database for the floor\.$/,
    );
    const tables = await floor.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(['customers', 'invoices']);
  });

  it('a step that fails is rolled back, not recorded, and named; the steps before it stay', async () => {
    const db = await fresh();
    const floor = open(db);
    const broken: Migration[] = [
      ...steps(1),
      { version: 2, name: 'broken', sql: 'CREATE TABLE half (id integer); SELECT * FROM nowhere' },
    ];
    const error = await migrateFloor(floor, { migrations: broken }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^The floor database could not be brought up to date \(step 0002 broken\)/,
    );
    const versions = await floor.query('SELECT version FROM floor_schema');
    expect(versions.rows.map((r) => r.version)).toEqual([1]);
    const half = await floor.query(`SELECT to_regclass('half') IS NULL AS gone`);
    expect(half.rows[0]!.gone).toBe(true);
  });
});

describe('reading the migrations folder', () => {
  it('names a misnamed file instead of skipping it', async () => {
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(`${tmpdir()}/floor-migrations-`);
    await writeFile(`${dir}/0001-core.sql`, 'SELECT 1');
    await writeFile(`${dir}/2-pack.sql`, 'SELECT 1');
    expect(() => readMigrations(dir)).toThrow(
      'A floor migration is misnamed (NNNN-name.sql): 2-pack.sql',
    );
  });

  it('the repository numbers its steps without gaps in ownership: 0001 is the core', () => {
    const versions = readMigrations().map((m) => m.version);
    expect(versions[0]).toBe(1);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
