/**
 * A streamed list whose body the test writes piece by piece (the list-stream suites share
 * it): every row is accepted, rows are `{ id }`, the pump runs from the start.
 */
import type { ValidateFunction } from 'ajv';
import { ListStream } from '../operations/list-stream';

const accept = (() => true) as unknown as ValidateFunction;
const encoder = new TextEncoder();

/** `n` rows `{"id":…}` from `from` on, comma-separated, as they stand in a JSON array. */
export const idRows = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => JSON.stringify({ id: from + i })).join(',');

export function handFedList() {
  let push!: (text: string) => void;
  let end!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  const stream = new ListStream<{ id: number }>(
    { body, length: undefined },
    { validate: accept, numbers: accept, idKey: 'id', what: 'shipments' },
  );
  const abort = new AbortController();
  const pumped = stream.pump(abort.signal);
  return { stream, push, end, abort, pumped };
}
