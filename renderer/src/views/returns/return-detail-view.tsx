/**
 * Return detail (`/returns/:id`): everything the API says about one return, in words, its
 * review mark, and its label printed or saved when it has one. Read-only, as the API is:
 * approving, receiving or refunding a return is the interactive app's work, so none of it is
 * offered here.
 */
import { useReturnReviews } from '../../features/returns/use-return-reviews';
import { useReturn } from '../../features/returns/use-returns-queries';
import { useFormatters } from '../../ui/format/use-formatters';
import { BackLink, DetailFrame } from '../detail-frame';
import { ViewPage } from '../view-page';
import { ReturnDetailContent, ReturnLabelActions } from './return-detail-content';

export function ReturnDetailView({ id }: { id: number }) {
  const { query, enabled } = useReturn(id);
  const format = useFormatters();
  const reviews = useReturnReviews();

  const back = <BackLink href="/returns" label="Returns" />;
  return (
    <DetailFrame noun="return" id={id} back={back} query={query} enabled={enabled}>
      {(ret) => (
        <ViewPage
          title={`Return ${(ret.rma_number || null) ?? `#${id}`}`}
          actions={<ReturnLabelActions id={id} hasLabel={ret.has_return_label === true} />}
        >
          <div>{back}</div>
          <ReturnDetailContent
            ret={ret}
            format={format}
            review={reviews.get(ret.id)}
            updating={query.isFetching}
            layout="page"
          />
        </ViewPage>
      )}
    </DetailFrame>
  );
}
