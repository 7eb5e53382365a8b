/**
 * The bridge's reading of a plain-array list with no UI, on the same bytes as the ui-grids
 * bench's grid: the shipped splitter (json-array-elements.ts: find each element's end, then
 * JSON.parse it), beside @streamparser/json (what it replaced) and JSON.parse of the whole
 * body at once (the floor, which shows nothing until the last byte). The bytes are fed in
 * 64 KB pieces, as a socket or the kept copy's gunzip hands them over; each value is dropped
 * at once, as the stream hands rows on.
 */
import { JSONParser } from '@streamparser/json';
import { JsonArrayElements } from '../electron/kernel/operations/json-array-elements';
import type { BenchRow } from './table';

const PIECE = 64 * 1024;

function pieces(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += PIECE) out.push(bytes.subarray(at, at + PIECE));
  return out;
}

function timed(run: () => number): { ms: number; count: number } {
  const t0 = performance.now();
  const count = run();
  return { ms: performance.now() - t0, count };
}

export function measureListSplit(bytes: Uint8Array): BenchRow[] {
  const parts = pieces(bytes);
  const mb = bytes.byteLength / 1e6;
  const ours = timed(() => {
    let n = 0;
    const parser = new JsonArrayElements(
      () => {
        n += 1;
      },
      () => new Error('not a list'),
    );
    for (const part of parts) parser.write(part);
    parser.end();
    return n;
  });
  const library = timed(() => {
    let n = 0;
    const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
    parser.onValue = () => {
      n += 1;
    };
    for (const part of parts) parser.write(part);
    return n;
  });
  const whole = timed(() => (JSON.parse(new TextDecoder().decode(bytes)) as unknown[]).length);
  if (ours.count !== whole.count || library.count !== whole.count) {
    throw new Error(`Element counts differ: ${ours.count}, ${library.count}, ${whole.count}`);
  }
  const rate = (t: { ms: number }) => Math.round(mb / (t.ms / 1000));
  return [
    {
      name: 'list reading, no UI: the bridge splitter (find each end, JSON.parse each element)',
      value: rate(ours),
      unit: 'MB/s',
      note: `${Math.round(ours.ms)} ms for ${mb.toFixed(0)} MB, ${ours.count} elements`,
    },
    {
      name: '  peer: @streamparser/json on the same pieces (before)',
      value: rate(library),
      unit: 'MB/s',
      note: `${Math.round(library.ms)} ms; ours is ${(library.ms / ours.ms).toFixed(1)}x faster`,
    },
    {
      name: '  floor: JSON.parse of the whole body at once (nothing shown until the end)',
      value: rate(whole),
      unit: 'MB/s',
      note: `${Math.round(whole.ms)} ms`,
    },
  ];
}
