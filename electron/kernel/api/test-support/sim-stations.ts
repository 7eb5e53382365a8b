/**
 * A floor of stations on one simulated account, as issue 16 describes it: stations scanning
 * at a person's pace (the scan flow's two interactive calls: the search, then the order) and
 * stations running bulk work (a fetch-all paged as paginate.ts pages, four pages ahead, and a
 * CSV export). Each station has its own AccountLimiter and sees only its own answers.
 */
import type { AccountLimiter } from '../limiter';
import { mulberry32, type SimAccount, simCall } from './sim-account';
import type { SimClock } from './sim-clock';

export interface ScanRecord {
  station: number;
  at: number;
  /** From the scan to the order shown (both calls answered), in simulated ms. */
  ms: number;
  /** 429s the scan's calls met. */
  throttled: number;
}

/** Scans every `everyMs` (±10 %) from a random phase until `stop()`; records each. */
export function scanningStations(
  count: number,
  makeLimiter: () => AccountLimiter,
  account: SimAccount,
  clock: SimClock,
  options: { seed: number; everyMs?: number },
): { scans: ScanRecord[]; stop(): void } {
  const random = mulberry32(options.seed);
  const every = options.everyMs ?? 10_000;
  const scans: ScanRecord[] = [];
  let stopped = false;
  for (let station = 0; station < count; station++) {
    const limiter = makeLimiter();
    const tag = `scan${station}`;
    void (async () => {
      await clock.sleep(random() * every);
      while (!stopped) {
        const at = clock.now();
        void (async () => {
          // The search (page of up to 200 matches), then the order itself.
          const search = await simCall(limiter, account, clock, 'interactive', {
            processingMs: 15,
            tag,
          });
          const order = await simCall(limiter, account, clock, 'interactive', {
            processingMs: 3,
            tag,
          });
          scans.push({
            station,
            at,
            ms: clock.now() - at,
            throttled: search.throttled + order.throttled,
          });
        })();
        await clock.sleep(every * (0.9 + 0.2 * random()));
      }
    })();
  }
  return {
    scans,
    stop: () => {
      stopped = true;
    },
  };
}

/**
 * One station's bulk work: a fetch-all of `pages` pages (the first alone, then up to four
 * ahead, in order) beside a CSV export (one long request on the export budget).
 */
export async function bulkWork(
  limiter: AccountLimiter,
  account: SimAccount,
  clock: SimClock,
  options: { pages: number; pageMs?: number; exportMs?: number; tag?: string },
): Promise<void> {
  const page = () =>
    simCall(limiter, account, clock, 'background', {
      processingMs: options.pageMs ?? 130,
      tag: options.tag,
    });
  const fetchAll = async () => {
    await page();
    const ahead = new Map<number, Promise<unknown>>();
    let asked = 1;
    for (let p = 2; p <= options.pages; p++) {
      while (asked < p || (asked < p + 3 && asked < options.pages)) {
        asked += 1;
        ahead.set(asked, page());
      }
      await ahead.get(p);
      ahead.delete(p);
    }
  };
  const exportCsv = simCall(limiter, account, clock, 'background', {
    heavy: true,
    processingMs: options.exportMs ?? 4000,
    tag: options.tag,
  });
  await Promise.all([fetchAll(), exportCsv]);
}
