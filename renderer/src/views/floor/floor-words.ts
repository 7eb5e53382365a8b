/**
 * The Floor view's sentences and its CSV table, from the overview the bridge reads: words a
 * supervisor reads at a glance ("Being packed at Station 3 by Ana since 10:42"), never ids.
 * Pure, so the view and its export say the same thing.
 */
import type {
  FloorBatchLine,
  FloorOverview,
  FloorStationLine,
} from '../../../../shared/contract/floor-overview-values';
import type {
  FloorPackConflictView,
  FloorPackSide,
} from '../../../../shared/contract/floor-pack-values';

/** 24-hour "10:42" in the console's local time. */
export function clock(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

export function stationState(s: FloorStationLine): string {
  return s.online ? 'Online' : `Not seen since ${clock(s.lastSeen)}`;
}

export function signedInLine(s: FloorStationLine): string {
  return s.signedIn ? `${s.signedIn} since ${clock(s.signedInSince)}` : 'Nobody signed in';
}

export function batchWords(b: FloorBatchLine): string {
  // Orders a station may have printed when it stopped are not counted printed: a person
  // checks that printer, from any station's print queue ("They printed" / "Print them").
  const toCheck = b.toCheck ?? 0;
  const printed = `${(b.reached - toCheck).toLocaleString()} of ${b.total.toLocaleString()}`;
  const check = toCheck > 0 ? `, ${toCheck.toLocaleString()} may have printed (to check)` : '';
  if (b.state === 'printing') return `Printing at ${b.holder ?? b.station}: ${printed}${check}`;
  if (b.state === 'interrupted') {
    const rest = b.reached < b.total ? '; the rest can be printed from any station' : '';
    return `Interrupted at ${b.station}: ${printed} printed${check}${rest}`;
  }
  return `Stopped${b.reason ? ` (${b.reason})` : ''}: ${printed} printed${check}`;
}

export function totalPacked(o: Pick<FloorOverview, 'packedPerHour'>): number {
  return o.packedPerHour.reduce((n, h) => n + h.orders, 0);
}

/** The day's repacks beside the orders: each order counts once, a repack is said apart. */
export function repacksLine(o: Pick<FloorOverview, 'repacksToday'>): string {
  const n = o.repacksToday ?? 0;
  if (n === 0) return 'No order was packed twice today.';
  return `Repacks today: ${n} (${n === 1 ? 'an order' : 'orders'} packed again, counted once above)`;
}

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** "10:42" today; "27 Nov 10:42" on another day (the list keeps conflicts until sorted out). */
export function dayClock(iso: string, today: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (at.toDateString() === today.toDateString()) return clock(iso);
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }).format(at);
  return `${day} ${clock(iso)}`;
}

/**
 * An order packed twice, in one sentence: "Order #1234 was packed at Station 2 (Ana, 10:42)
 * and at Station 3 (Ben, 10:44) while the floor was offline". Both packs are named: the floor
 * never merges them, the supervisor decides which parcel goes.
 */
export function conflictSentence(c: FloorPackConflictView, today: Date = new Date()): string {
  const side = (p: FloorPackSide) =>
    `at ${p.station} (${p.packer}, ${dayClock(p.packedAt, today)})`;
  const both = c.first.offline && c.second.offline;
  const one = c.first.offline ? c.first : c.second.offline ? c.second : null;
  const offline = both
    ? ' while the floor was offline'
    : one
      ? ` while the floor was offline at ${one.station}`
      : '';
  return `Order ${c.orderName} was packed ${side(c.first)} and ${side(c.second)}${offline}`;
}

/** Whether the conflict is still open, or who sorted it out, in words. */
export function conflictState(c: FloorPackConflictView, today: Date = new Date()): string {
  if (!c.resolved) return 'Not sorted out yet';
  const note = c.resolved.note ? `: ${c.resolved.note}` : '';
  return `Sorted out by ${c.resolved.by} at ${dayClock(c.resolved.at, today)}${note}`;
}

export const FLOOR_CSV_HEADER = ['Section', 'Name', 'Value', 'Detail'];

/** The whole view as one table: each section's rows, in the order they show. */
export function floorTable(
  o: FloorOverview,
  conflicts: readonly FloorPackConflictView[] = [],
): { header: string[]; rows: (string | number)[][] } {
  const rows: (string | number)[][] = [];
  for (const s of o.stations) rows.push(['Station', s.name, stationState(s), signedInLine(s)]);
  for (const c of o.claims) {
    rows.push(['Open claim', c.orderName, c.station, `${c.packer} since ${clock(c.since)}`]);
  }
  for (const c of conflicts) {
    rows.push(['Packed twice', c.orderName, conflictState(c), conflictSentence(c)]);
  }
  for (const b of o.batches)
    rows.push(['Batch', b.title, `${b.reached} of ${b.total}`, batchWords(b)]);
  rows.push(['Repacks today', '', o.repacksToday ?? 0, 'Orders packed again; counted once above']);
  for (const p of o.packedByStation) rows.push(['Packed today at station', p.name, p.orders, '']);
  for (const p of o.packedByPacker) rows.push(['Packed today by packer', p.name, p.orders, '']);
  for (const h of o.packedPerHour) {
    rows.push([
      'Packed in hour',
      `${hourLabel(h.hour)}–${hourLabel((h.hour + 1) % 24)}`,
      h.orders,
      '',
    ]);
  }
  return { header: FLOOR_CSV_HEADER, rows };
}
