/**
 * Issue 32's two board paints, three times, with the median of each (the machine is shared:
 * one sample says little): `npx tsx bench/supervisor-board-median.ts [scale] [runs]`. Prints
 * each run's rows, the medians and the load average before and after; writes nothing.
 *
 * The floors, as arithmetic (what must happen between the click and the paint):
 * - cold progress: the route change and one React render and commit of the board with its
 *   progress line (no data: every cell "…"), then the next frame: one render (~10-30 ms for
 *   11 rows of 8 cells on an idle core) + one frame (16.7 ms at 60 Hz). The board's own first
 *   paint, measured in the same run, is the floor the progress line can reach.
 * - next launch: the same render plus one local read of the small kept board (a SQLite row of
 *   a few hundred bytes, one IPC/HTTP round trip, ~1-5 ms) and the render with its counts: a
 *   few tens of ms above the board's first paint; the large kept walk (megabytes of gzip,
 *   parsed in the main process) is no longer in the way.
 */
import { loadavg } from 'node:os';
import { measureBoardLaunch } from './supervisor-board-launch';

const scale = Number(process.argv[2] ?? process.env.BENCH_SUPERVISOR_SCALE ?? 100);
const runs = Number(process.argv[3] ?? 3);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

console.log(`load before: ${load()} (scale ${scale}, ${runs} runs)`);
const byName = new Map<string, { values: number[]; floors: number[] }>();
for (let i = 0; i < runs; i += 1) {
  const rows = await measureBoardLaunch(scale);
  for (const row of rows) {
    console.log(`run ${i + 1}: ${row.name}: ${row.value} ${row.unit} (floor ${row.base?.value})`);
    const entry = byName.get(row.name) ?? { values: [], floors: [] };
    entry.values.push(row.value);
    if (row.base) entry.floors.push(row.base.value);
    byName.set(row.name, entry);
  }
  console.log(`load after run ${i + 1}: ${load()}`);
}
for (const [name, { values, floors }] of byName) {
  console.log(
    `median of ${values.length}: ${name}: ${median(values)} ms (floor ${median(floors)} ms); runs ${values.join(', ')}`,
  );
}
