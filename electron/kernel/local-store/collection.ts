/**
 * A collection of the local store: a name, the zod schema of its values and how a value
 * names its key. Features define theirs beside their handlers, e.g.
 *
 *   const packLog = defineCollection('packLog', packEntrySchema, (e) => String(e.orderId));
 *   await store.commit([put(packLog, entry)]);
 *
 * and the store stays ignorant of what they hold.
 */
import type { z } from 'zod';

export interface Collection<T> {
  readonly name: string;
  readonly schema: z.ZodType<T>;
  keyOf(value: T): string;
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export function defineCollection<T>(
  name: string,
  schema: z.ZodType<T>,
  keyOf: (value: T) => string,
): Collection<T> {
  if (!NAME.test(name)) throw new Error(`Not a collection name: ${JSON.stringify(name)}`);
  return { name, schema, keyOf };
}

/** A put (`v` present) or a remove (`v` absent) of one key in one collection. */
export interface StoreOpRecord {
  c: string;
  k: string;
  v?: unknown;
}

/** One change of a transaction, already checked against its collection's schema. */
export interface StoreOp {
  readonly record: StoreOpRecord;
  readonly collection: Collection<unknown>;
}

/** The value is checked now: a bad value throws here, before anything is written. */
export function put<T>(collection: Collection<T>, value: T): StoreOp {
  const parsed = collection.schema.safeParse(value);
  if (!parsed.success) {
    throw new LocalStoreError(
      `A ${collection.name} record was refused: ${parsed.error.issues
        .map((i) => `${i.path.join('.') || 'value'}: ${i.message}`)
        .join('; ')}`,
    );
  }
  const key = collection.keyOf(parsed.data);
  return {
    record: { c: collection.name, k: key, v: parsed.data },
    collection: collection as Collection<unknown>,
  };
}

export function remove<T>(collection: Collection<T>, key: string): StoreOp {
  return { record: { c: collection.name, k: key }, collection: collection as Collection<unknown> };
}

/** Refused input or a store that cannot be written: the message says which, in plain words. */
export class LocalStoreError extends Error {
  override name = 'LocalStoreError';
}
