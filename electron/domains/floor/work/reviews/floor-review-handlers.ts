/**
 * The review handlers on a floor: the same handlers (they read and write the station's own
 * store, which FloorReviewSync keeps a mirror of the floor's marks), each mark or clear then
 * sent to the floor. A station with no floor configured is not wrapped at all.
 */
import type { HandlersFor } from '../../../../kernel/handler-types';
import type { FloorReviewSync } from './floor-review-sync';

type Wrapped = 'returnReviewsList' | 'returnReviewSet' | 'returnReviewClear';

export function withFloorReviews<H extends HandlersFor<Wrapped>>(
  handlers: H,
  sync: FloorReviewSync,
  now: () => Date = () => new Date(),
): H {
  return {
    ...handlers,
    // The floor's marks of this account are in the station's store before it is read (a
    // station that joined before its account was named reads them whole now, once).
    returnReviewsList: async (args, ctx) => {
      await sync.ensureWhole();
      return handlers.returnReviewsList(args, ctx);
    },
    returnReviewSet: async (args, ctx) => {
      const review = await handlers.returnReviewSet(args, ctx);
      // The mark is kept here whatever the floor does; the floor gets it now or when back.
      await sync.marked(review);
      return review;
    },
    returnReviewClear: async (args, ctx) => {
      const answer = await handlers.returnReviewClear(args, ctx);
      if (answer.cleared) await sync.cleared(args.returnId, now());
      return answer;
    },
  };
}
