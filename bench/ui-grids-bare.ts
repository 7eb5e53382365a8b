/**
 * The ui-grids bench's floor (issue 34): a bare virtualized list, bundled by esbuild
 * (bareListBundle) and run in the same Chromium as the grid, in a page of the console's origin.
 * It reads the same shipments through the same bridge call, formats each row's twelve texts
 * once up front, and draws them with React and TanStack Virtual (useVirtualizer) as the
 * library's own fixed-size example does: absolute rows of the grid's height (34 px) and column
 * widths, placed with a transform, plain text in each cell. No cells' logic: no formatters,
 * badges, links, roles, memoised rows or row handlers. What the grid costs beyond this is what
 * its cells cost.
 *
 * It is also the floor of sort and filter: Array.prototype.sort / filter of the same rows by
 * the same key, in the same page.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { createElement as h, useRef } from 'react';
import { createRoot } from 'react-dom/client';

const ROW_HEIGHT = 34;
const WIDTHS = [190, 205, 110, 110, 170, 170, 90, 110, 130, 170, 150, 90];
const HEADERS = [
  'Shipment',
  'Created',
  'Carrier',
  'Service',
  'Tracking number',
  'Status',
  'SLA',
  'SLA miss risk',
  'Selection reason',
  'Recipient',
  'Destination',
  'Packages',
];
const WIDTH = WIDTHS.reduce((a, b) => a + b, 0);

/** The sort keys of the grid's columns, read once per row (as the grid's compact row has). */
interface Flat {
  id: string;
  createdMs: number;
  carrier: string;
  tracking: string;
  recipient: string;
  missProb: number | null;
  sla: string;
  search: string;
}

interface Bare {
  flat: Flat[];
  texts: string[][];
}

const state: { bare?: Bare } = {};

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function prepare(list: Record<string, unknown>[]): Bare {
  const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const percent = new Intl.NumberFormat(undefined, { style: 'percent' });
  const words = (code: string) => code.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());
  const flat: Flat[] = [];
  const texts: string[][] = [];
  for (const s of list) {
    const to = (s.ship_to ?? {}) as { name?: string; address?: Record<string, unknown> };
    const created = Date.parse(str(s.created_at));
    const miss = typeof s.predicted_sla_miss_prob === 'number' ? s.predicted_sla_miss_prob : null;
    const place = `${str(to.address?.city)}, ${str(to.address?.country_code)}`;
    flat.push({
      id: str(s.shipment_id),
      createdMs: created,
      carrier: str(s.carrier),
      tracking: str(s.tracking_number),
      recipient: str(to.name),
      missProb: miss,
      sla: str(s.sla_status),
      search: `${str(s.shipment_id)} ${str(s.tracking_number)} ${str(to.name)}`.toLowerCase(),
    });
    texts.push([
      str(s.shipment_id),
      Number.isNaN(created) ? '—' : date.format(created),
      words(str(s.carrier)),
      words(str(s.service_code)),
      str(s.tracking_number) || '—',
      words(str(s.status)),
      str(s.sla_status),
      miss === null ? '—' : percent.format(miss),
      str(s.selection_reason_code) || '—',
      str(to.name) || '—',
      place,
      String(s.package_count ?? ''),
    ]);
  }
  return { flat, texts };
}

function BareList({ texts }: { texts: string[][] }) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: texts.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
  });
  const cell = (text: string, i: number) =>
    h(
      'div',
      {
        key: i,
        style: {
          width: WIDTHS[i],
          flex: 'none',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
          padding: '0 8px',
          lineHeight: `${ROW_HEIGHT - 1}px`,
        },
      },
      text,
    );
  return h(
    'div',
    { id: 'bare-scroller', ref: scroller, style: { height: '68vh', overflow: 'auto' } },
    h(
      'div',
      { style: { display: 'flex', position: 'sticky', top: 0, zIndex: 1, width: WIDTH } },
      HEADERS.map(cell),
    ),
    h(
      'div',
      { style: { height: virtualizer.getTotalSize(), width: WIDTH, position: 'relative' } },
      virtualizer.getVirtualItems().map((item) =>
        h(
          'div',
          {
            key: item.key,
            style: {
              position: 'absolute',
              top: 0,
              left: 0,
              display: 'flex',
              width: WIDTH,
              height: ROW_HEIGHT,
              transform: `translateY(${item.start}px)`,
            },
          },
          (texts[item.index] ?? []).map(cell),
        ),
      ),
    ),
  );
}

/** Reads the list through the bridge, prepares it and draws it: the rows, and the time to draw. */
async function mount(args: { token: string; font: string }): Promise<{ rows: number; ms: number }> {
  const t0 = performance.now();
  const response = await fetch('/bridge/call/shipmentsList', {
    method: 'POST',
    headers: { Authorization: `Bearer ${args.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ args: {} }),
  });
  const result = (await response.json()) as { ok: boolean; value: Record<string, unknown>[] };
  if (!result.ok) throw new Error('shipmentsList failed');
  const bare = prepare(result.value);
  state.bare = bare;
  document.body.replaceChildren();
  document.body.style.cssText = `margin:0;font:${args.font}`;
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(h(BareList, { texts: bare.texts }));
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return { rows: bare.texts.length, ms: performance.now() - t0 };
}

type SortKey = 'tracking' | 'recipient' | 'carrier' | 'missProb' | 'createdMs';

/** Array.prototype.sort of a copy of the rows in the API's order by one key: its time. */
function sortFloor(args: { column: SortKey; desc: boolean }): number {
  const rows = state.bare!.flat.slice();
  const sign = args.desc ? -1 : 1;
  const key = args.column;
  const t0 = performance.now();
  rows.sort((a, b) => {
    const x = a[key] ?? -1;
    const y = b[key] ?? -1;
    return x < y ? -sign : x > y ? sign : 0;
  });
  return performance.now() - t0;
}

/** Array.prototype.filter of the same rows: by search text, or by carrier or SLA. */
function filterFloor(args: { q?: string; carrier?: string; sla?: string }): number {
  const rows = state.bare!.flat;
  const t0 = performance.now();
  const kept = rows.filter(
    (r) =>
      (args.q === undefined || r.search.includes(args.q)) &&
      (args.carrier === undefined || r.carrier === args.carrier) &&
      (args.sla === undefined || r.sla === args.sla),
  );
  const ms = performance.now() - t0;
  if (kept.length < 0) throw new Error('unreachable');
  return ms;
}

/** The first carrier and SLA in the list (the grid's menus tick their first item too). */
function firstValues(): { carrier: string; sla: string } {
  const rows = state.bare!.flat;
  const carriers = [...new Set(rows.map((r) => r.carrier))].sort();
  const slas = [...new Set(rows.map((r) => r.sla))].sort();
  return { carrier: carriers[0] ?? '', sla: slas[0] ?? '' };
}

(globalThis as { bareList?: unknown }).bareList = { mount, sortFloor, filterFloor, firstValues };
