/**
 * The part of the per-connection local store (electron/bridge's, being built on branch
 * `store`) that printing uses: collections with a schema and a key, reads from memory, and
 * commits that are durable when they resolve. Printing codes against this shape only; when the
 * store lands this file re-exports it instead of declaring it.
 */
import type { z } from 'zod';

export interface Collection<T> {
  name: string;
  schema: z.ZodType<T>;
  keyOf(value: T): string;
}

export type StoreOp =
  | { op: 'put'; collection: Collection<unknown>; value: unknown }
  | { op: 'remove'; collection: Collection<unknown>; key: string };

export interface LocalStore {
  get<T>(collection: Collection<T>, key: string): T | undefined;
  list<T>(collection: Collection<T>): T[];
  /** All or nothing; on disk when it resolves. */
  commit(ops: StoreOp[]): Promise<void>;
}

export function defineCollection<T>(
  name: string,
  schema: z.ZodType<T>,
  keyOf: (value: T) => string,
): Collection<T> {
  return { name, schema, keyOf };
}

export function put<T>(collection: Collection<T>, value: T): StoreOp {
  return { op: 'put', collection: collection as Collection<unknown>, value };
}

export function remove<T>(collection: Collection<T>, key: string): StoreOp {
  return { op: 'remove', collection: collection as Collection<unknown>, key };
}
