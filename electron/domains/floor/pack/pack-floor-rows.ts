/**
 * The floor's pack rows as the console reads them: each row is checked, so a row changed by
 * hand into nonsense is left out with a sentence (the caller logs it), never a crash or a wrong
 * gate. Unknown columns (a newer console's) are ignored.
 */
import { z } from 'zod';
import { PACK_GATES } from '../../../../shared/contract/station-settings';
import type { PackClaim } from './claim-rules';
import type { FloorPack } from './pack-conflicts';

/** pg gives bigint as a string and timestamptz as a Date: both become what the console uses. */
const id = z.union([z.string(), z.number()]).transform(Number).pipe(z.number().int().positive());
const instant = z
  .union([z.date(), z.string()])
  .transform((v) => (v instanceof Date ? v : new Date(v)))
  .refine((d) => !Number.isNaN(d.getTime()), 'not a time')
  .transform((d) => d.toISOString());
const text = z.string().min(1).max(200);

const claimRow = z.object({
  order_id: id,
  order_name: text,
  station: text,
  packer: text,
  since: instant,
  touched_at: instant,
});

const override = z.object({
  gate: z.enum(PACK_GATES),
  reason: z.string().min(1).max(120),
  at: z.string(),
});

const packRow = z.object({
  pack_key: text,
  order_id: id,
  order_name: text,
  station: text,
  packer: text,
  packed_at: instant,
  offline: z.boolean(),
  overrides: z.array(override).max(20),
  lines: z.array(
    z.object({
      sku: z.string().max(64),
      qty: z.number().int().min(0),
      scanned: z.number().int().min(0),
      byHand: z.number().int().min(0),
      typed: z.number().int().min(0).optional(),
    }),
  ),
});

const markRow = z.object({
  order_id: id,
  what: z.enum(['labels', 'documents']),
  kind: text,
  station: text,
  printer: z.string().max(200),
  job_id: text,
  printed_at: instant,
});

export type FloorPackRow = FloorPack & { lines: z.infer<typeof packRow>['lines'] };
export type FloorMarkRow = z.infer<typeof markRow>;

/** Rows that could not be read, in words, for the station's log (never shown as data). */
export class RowProblems {
  readonly problems: string[] = [];
  note(table: string, error: z.ZodError): void {
    const first = error.issues[0];
    this.problems.push(
      `A row of ${table} was changed into something the console cannot read (${
        first ? `${first.path.join('.') || 'row'}: ${first.message}` : 'unknown'
      }); it is left out.`,
    );
  }
}

function readRows<T>(
  table: string,
  schema: z.ZodType<T>,
  rows: readonly unknown[],
  problems?: RowProblems,
): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
    else problems?.note(table, parsed.error);
  }
  return out;
}

export function readClaim(row: unknown, problems?: RowProblems): PackClaim | null {
  const [r] = readRows('pack_claims', claimRow, [row], problems);
  if (!r) return null;
  return {
    orderId: r.order_id,
    orderName: r.order_name,
    station: r.station,
    packer: r.packer,
    since: r.since,
    touchedAt: r.touched_at,
  };
}

export function readPacks(rows: readonly unknown[], problems?: RowProblems): FloorPackRow[] {
  return readRows('pack_log', packRow, rows, problems).map((r) => ({
    packKey: r.pack_key,
    orderId: r.order_id,
    orderName: r.order_name,
    station: r.station,
    packer: r.packer,
    packedAt: r.packed_at,
    offline: r.offline,
    overrides: r.overrides,
    lines: r.lines,
  }));
}

export function readMarks(rows: readonly unknown[], problems?: RowProblems): FloorMarkRow[] {
  return readRows('printed_marks', markRow, rows, problems);
}

/** Which printed mark a printed document makes: the label is "labels", anything else a document. */
export function markWhat(kind: string): 'labels' | 'documents' {
  return kind === 'shipping_label' || kind === 'labels' ? 'labels' : 'documents';
}
