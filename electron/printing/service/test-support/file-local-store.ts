/**
 * STAND-IN until the per-connection local store (branch `store`) is merged: the LocalStore
 * shape printing uses, as an append-only JSON-lines file, each commit written and fsynced
 * before it resolves. Tests only; deleted when the real store lands.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { Collection, LocalStore, StoreOp } from '../local-store-port';

export function fileLocalStore(file: string): LocalStore {
  const data = new Map<string, Map<string, unknown>>();
  const apply = (op: { op: string; collection: string; key: string; value?: unknown }) => {
    let c = data.get(op.collection);
    if (!c) data.set(op.collection, (c = new Map()));
    if (op.op === 'put') c.set(op.key, op.value);
    else c.delete(op.key);
  };
  if (existsSync(file)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      try {
        for (const op of JSON.parse(line) as Parameters<typeof apply>[0][]) apply(op);
      } catch {
        // A torn last line: that commit never resolved.
      }
    }
  }
  return {
    get: <T>(c: Collection<T>, key: string) => data.get(c.name)?.get(key) as T | undefined,
    list: <T>(c: Collection<T>) => [...(data.get(c.name)?.values() ?? [])] as T[],
    commit: async (ops: StoreOp[]) => {
      const lines = ops.map((o) =>
        o.op === 'put'
          ? {
              op: 'put',
              collection: o.collection.name,
              key: o.collection.keyOf(o.collection.schema.parse(o.value)),
              value: o.value,
            }
          : { op: 'remove', collection: o.collection.name, key: o.key },
      );
      const fd = openSync(file, 'a', 0o600);
      try {
        writeSync(fd, `${JSON.stringify(lines)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      for (const l of lines) apply(l);
    },
  };
}
