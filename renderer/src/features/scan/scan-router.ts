/**
 * The one scan router for the whole console: a code is looked up kind by kind in the order
 * lookupOrder gives (the page's kind and the code's shape first), one request at a time,
 * stopping at the first kind with an exact match. Looking everything up in parallel would be
 * quicker for a code nobody knows, but a scan at a pack station would spend four requests of
 * the account's shared rate limit instead of one; in order, the common case costs one.
 *
 * What a match does is not decided here: openers are registered per kind (scan-openers.ts),
 * so the pack bench can make an order scan open its pack screen in one place.
 */
import { lookupOrder, type ScanHit, type ScanKind } from './scan-kinds';
import type { LookupContext, Resolver } from './scan-resolvers';

export interface ScanResolution {
  code: string;
  /** Exact matches of the first kind that had any (empty: nothing matched). */
  hits: ScanHit[];
  /** The kinds asked, in order: one request each (a shipment in memory costs none). */
  asked: ScanKind[];
}

/** Pick lists stay short: more exact matches than this are a data problem, not a choice. */
export const MAX_HITS = 10;

export async function resolveScan(
  raw: string,
  path: string,
  resolvers: Record<ScanKind, Resolver>,
  ctx: LookupContext,
): Promise<ScanResolution> {
  const code = raw.trim();
  const asked: ScanKind[] = [];
  for (const kind of lookupOrder(code, path)) {
    asked.push(kind);
    const hits = await resolvers[kind](code, ctx);
    if (hits.length > 0) return { code, hits: dedupe(hits).slice(0, MAX_HITS), asked };
  }
  return { code, hits: [], asked };
}

function dedupe(hits: readonly ScanHit[]): ScanHit[] {
  const seen = new Set<string>();
  return hits.filter((h) => {
    const key = `${h.kind}:${h.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
