/**
 * Return detail (`/returns/:id`): everything the API says about one return, in words, its
 * review mark, and its label printed or saved when it has one. Read-only, as the API is:
 * approving, receiving or refunding a return is the interactive app's work, so none of it is
 * offered here.
 */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { useReturnReviews } from '../../features/returns/use-return-reviews';
import { useReturn } from '../../features/returns/use-returns-queries';
import { BridgeCallError, errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { useFormatters } from '../../ui/format/use-formatters';
import { ViewPage } from '../view-page';
import { ReturnDetailContent, ReturnLabelActions } from './return-detail-content';

export function ReturnDetailView({ id }: { id: number }) {
  const { query, enabled } = useReturn(id);
  const format = useFormatters();
  const reviews = useReturnReviews();

  const back = (
    <Link href="/returns" className="inline-flex items-center gap-1 text-sm underline">
      <ArrowLeft aria-hidden className="size-4" /> Returns
    </Link>
  );
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <ViewPage title="Return not found">
        {back}
        <p role="alert">“{String(id)}” is not a return number.</p>
      </ViewPage>
    );
  }
  if (!query.isSuccess) {
    return (
      <ViewPage title={`Return #${id}`}>
        {back}
        {query.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p>
              {query.error instanceof BridgeCallError && query.error.code === 'not_found'
                ? `There is no return ${id} in this account.`
                : `The return could not be loaded: ${errorMessage(query.error)}`}
            </p>
            <Button onClick={() => void query.refetch()}>Try again</Button>
          </div>
        ) : (
          <p aria-live="polite">
            {enabled ? 'Loading the return…' : 'No connection with a key is in use.'}
          </p>
        )}
      </ViewPage>
    );
  }

  const ret = query.data;
  return (
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
  );
}
