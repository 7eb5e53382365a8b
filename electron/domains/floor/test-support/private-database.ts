/**
 * A floor database on a cluster of the test file's own (startPrivateCluster), for the suites
 * that stop and start their database: stopping the shared cluster of scripts/with-postgres.sh
 * would fail every other file using it at the same moment. Plain logins, no TLS; `drop()`
 * destroys the whole private cluster.
 */
import pg from 'pg';
import {
  type PrivateCluster,
  rowsOn,
  startPrivateCluster,
  type TestDatabase,
} from './floor-database';

export interface PrivateDatabase {
  /** The cluster, for the test to stop and start. */
  cluster: PrivateCluster;
  /** Its one database; `drop()` ends the cluster. */
  db: TestDatabase;
}

export async function startPrivateDatabase(name: string): Promise<PrivateDatabase> {
  const cluster = await startPrivateCluster();
  await cluster.createDatabase(name);
  const connection = cluster.connection(name);
  const client = async () => {
    const c = new pg.Client({ ...connection, ssl: false });
    await c.connect();
    return c;
  };
  return {
    cluster,
    db: {
      name,
      connection,
      client,
      rows: rowsOn(client),
      drop: async () => cluster.destroy(),
    },
  };
}
