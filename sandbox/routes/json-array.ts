/**
 * Plain JSON arrays (the spec's unpaginated lists) streamed item by item: the shipments list
 * at scale 100 is ~100,000 objects, which should not become one giant string in memory.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const CHUNK = 256;

export function sendJsonArray<T>(reply: FastifyReply, items: Iterable<T>): FastifyReply {
  function* chunks(): Generator<string> {
    let buffer: string[] = [];
    let first = true;
    yield '[';
    for (const item of items) {
      buffer.push(JSON.stringify(item));
      if (buffer.length === CHUNK) {
        yield (first ? '' : ',') + buffer.join(',');
        first = false;
        buffer = [];
      }
    }
    if (buffer.length > 0) yield (first ? '' : ',') + buffer.join(',');
    yield ']';
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(chunks()));
}
