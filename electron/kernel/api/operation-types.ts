/**
 * What an operation id alone determines, at compile time, from the generated OpenAPI types: its
 * path, query and body parameters and its answer. With these, a call names the operation and
 * passes its parameters; the method and path template come from the same description at run
 * time (shared/api/openapi-validator.ts), so no call can pair an id with another path.
 */
import type { operations } from '@shared/api/schema.gen';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

type PathOf<K extends OperationId> = NonNullable<Op<K>['parameters']['path']>;
type QueryOf<K extends OperationId> = NonNullable<Op<K>['parameters']['query']>;
type BodyOf<K extends OperationId> = Op<K>['requestBody'] extends {
  content: { 'application/json': infer B };
}
  ? B
  : never;

type SuccessOf<K extends OperationId> = Op<K>['responses'] extends infer R
  ? 200 extends keyof R
    ? R[200]
    : 201 extends keyof R
      ? R[201]
      : never
  : never;

/** The JSON body of the operation's success answer (never for binary answers). */
export type JsonOf<K extends OperationId> =
  SuccessOf<K> extends {
    content: { 'application/json': infer J };
  }
    ? J
    : never;

/** Operations answering JSON, and those answering bytes (PDF, CSV, images). */
export type JsonOperation = {
  [K in OperationId]: [JsonOf<K>] extends [never] ? never : K;
}[OperationId];
export type BinaryOperation = Exclude<OperationId, JsonOperation>;

/** Paged lists: an answer with `count` and a `results` array. */
export type PagedOperation = {
  [K in JsonOperation]: JsonOf<K> extends { count: number; results: unknown[] } ? K : never;
}[JsonOperation];

/** The parameters of one call: `path` when the template has any, `body` when one is taken. */
export type RequestOf<K extends OperationId> = ([PathOf<K>] extends [never]
  ? { path?: undefined }
  : { path: PathOf<K> }) &
  ([QueryOf<K>] extends [never] ? { query?: undefined } : { query?: QueryOf<K> }) &
  ([BodyOf<K>] extends [never] ? { body?: undefined } : { body: BodyOf<K> });

/** What the run-time side reads of a request, whatever the operation. */
export interface AnyRequest {
  path?: Readonly<Record<string, string | number>>;
  query?: Readonly<Record<string, string | number | boolean | undefined | null>>;
  body?: unknown;
}
