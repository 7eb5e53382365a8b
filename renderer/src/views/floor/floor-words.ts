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
  const progress = `${b.reached} of ${b.total}`;
  if (b.state === 'printing') return `Printing at ${b.holder ?? b.station}: ${progress}`;
  if (b.state === 'interrupted') {
    return `Interrupted at ${b.station}: ${progress} printed; the rest can be printed from any station`;
  }
  return `Stopped${b.reason ? ` (${b.reason})` : ''}: ${progress} printed`;
}

export function totalPacked(o: Pick<FloorOverview, 'packedPerHour'>): number {
  return o.packedPerHour.reduce((n, h) => n + h.orders, 0);
}

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

export const FLOOR_CSV_HEADER = ['Section', 'Name', 'Value', 'Detail'];

/** The whole view as one table: each section's rows, in the order they show. */
export function floorTable(o: FloorOverview): { header: string[]; rows: (string | number)[][] } {
  const rows: (string | number)[][] = [];
  for (const s of o.stations) rows.push(['Station', s.name, stationState(s), signedInLine(s)]);
  for (const c of o.claims) {
    rows.push(['Open claim', c.orderName, c.station, `${c.packer} since ${clock(c.since)}`]);
  }
  for (const b of o.batches)
    rows.push(['Batch', b.title, `${b.reached} of ${b.total}`, batchWords(b)]);
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
