/**
 * The review marks' bridge methods, the worklist kept by them, and the export's review
 * columns. The marks live in the selected connection's local store; the API is asked only
 * for returns (through the API handlers, so paging, retries and checks stay theirs).
 */
import type { ParsedArgsOf, ResultOf } from '@shared/contract/bridge-contract';
import type { ReturnReview } from '@shared/contract/clerk-values';
import type { Api } from '@shared/contract/values';
import { returnAgeDays } from '@shared/return-age';
import { BridgeFailure } from '../../kernel/failure';
import {
  asHandlers,
  type CallContext,
  type Handler,
  type Handlers,
} from '../../kernel/handler-types';
import type { SelectedLocalStore } from '../../kernel/local-store';
import { addReviewColumns } from './review-csv';
import { clearReview, reviewFinder, reviewsOf, saveReview } from './review-store';

type Return = Api['ReturnRequest'];

export interface ReviewDeps {
  localStore: SelectedLocalStore;
  /** The API's returns list (the composed handler). */
  listReturns: Handler<'returnsList'>;
  /** Who reviews when the call names nobody: the computer's user. */
  defaultReviewer(): string;
  now?: () => Date;
  /** How long a walked worklist is reused for paging and j/k (ms). */
  worklistTtlMs?: number;
}

/**
 * Filtering by a local mark needs every return the API filters give, so the worklist walks
 * them; beyond this many it asks for narrower filters instead of spending the rate limit.
 */
export const WORKLIST_MAX = 5000;
const WALK_PAGE = 500;

export function createReviewHandlers(deps: ReviewDeps) {
  const now = deps.now ?? (() => new Date());
  const ttl = deps.worklistTtlMs ?? 30_000;
  let walked: { key: string; at: number; rows: Return[] } | undefined;

  const walk = async (
    filters: ParsedArgsOf<'returnsWorklist'>['filters'],
    storeDir: string,
    ctx: CallContext,
  ): Promise<Return[]> => {
    const key = JSON.stringify([storeDir, filters ?? {}]);
    if (walked && walked.key === key && Date.now() - walked.at < ttl) return walked.rows;
    const rows: Return[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await deps.listReturns({ filters, page, pageSize: WALK_PAGE }, ctx);
      if (page === 1 && answer.count > WORKLIST_MAX) {
        throw new BridgeFailure(
          'invalid_arguments',
          `${answer.count.toLocaleString('en')} returns match these filters. To filter by review or age, narrow them to ${WORKLIST_MAX.toLocaleString('en')} or fewer (for example, open returns only).`,
        );
      }
      rows.push(...answer.results);
      if (!answer.next || answer.results.length === 0 || rows.length >= WORKLIST_MAX) break;
    }
    walked = { key, at: Date.now(), rows };
    return rows;
  };

  return asHandlers({
    returnReviewsList: async ({ returnIds }) => ({
      reviews: reviewsOf(await deps.localStore(), returnIds),
    }),

    returnReviewSet: async (args) => {
      const review: ReturnReview = {
        returnId: args.returnId,
        rmaNumber: args.rmaNumber ? args.rmaNumber : null,
        reviewedAt: now().toISOString(),
        reviewedBy: args.reviewedBy ?? deps.defaultReviewer(),
        note: args.note,
      };
      return saveReview(await deps.localStore(), review);
    },

    returnReviewClear: async ({ returnId }) => ({
      cleared: await clearReview(await deps.localStore(), returnId),
    }),

    returnsWorklist: async (args, ctx) => {
      const store = await deps.localStore();
      const rows = await walk(args.filters, store.dir, ctx);
      const marked = new Set(reviewsOf(store).map((r) => r.returnId));
      const wanted = args.review === 'reviewed';
      const today = now().getTime();
      const older = args.olderThanDays;
      const kept = rows.filter(
        (r) =>
          (args.review === 'any' || marked.has(r.id) === wanted) &&
          (older === undefined || (returnAgeDays(r.requested_at, today) ?? -1) > older),
      );
      const pageSize = args.pageSize ?? 50;
      const page = args.page ?? 1;
      const start = (page - 1) * pageSize;
      if (page > 1 && start >= kept.length) {
        throw new BridgeFailure('not_found', 'That page is past the end of the list.');
      }
      return {
        count: kept.length,
        next: start + pageSize < kept.length ? `page=${page + 1}` : null,
        previous: page > 1 ? `page=${page - 1}` : null,
        results: kept.slice(start, start + pageSize),
      } satisfies ResultOf<'returnsWorklist'>;
    },
  } satisfies Partial<Handlers>);
}

/**
 * `returnsExport` with the review columns added once the API's CSV is written, and kept to
 * the reviewed (or not reviewed) returns when the call asks, as the worklist shows them. A
 * CSV that cannot be joined (no id or RMA column) keeps the empty columns and says so.
 */
export function withReviewColumns(
  exportReturns: Handler<'returnsExport'>,
  localStore: SelectedLocalStore,
  notice: (message: string) => void,
): Handler<'returnsExport'> {
  return async (args, ctx) => {
    const { review = 'any', ...rest } = args;
    const result = await exportReturns(rest, ctx);
    const store = await localStore();
    const outcome = await addReviewColumns(result.path, reviewFinder(reviewsOf(store)), review);
    if (!outcome.joined) {
      notice(
        'The returns CSV has no id or RMA column, so its review columns are empty: the service changed its export.',
      );
    }
    return { ...result, rows: outcome.rows, bytes: outcome.bytes };
  };
}
