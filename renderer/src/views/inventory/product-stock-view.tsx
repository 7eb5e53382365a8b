/**
 * A product's stock (`/inventory/:productId`): what needs action first (recalls, expired and
 * expiring batches, reorder points, each with where), the product with its recall state and totals
 * over every location, its stock per location with the bin and batch breakdowns, and its
 * recent movements newest first. Read-only, as the API is. Every field the schema leaves
 * optional may be missing: the page shows an em dash, never a crash.
 */
import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { StockBadges } from '../../features/inventory/stock-badges';
import { recallBadge } from '../../features/inventory/stock-facts';
import { useProductStock } from '../../features/inventory/use-inventory-queries';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { DetailList } from '../../ui/detail-list';
import { useFormatters } from '../../ui/format/use-formatters';
import { ViewPage } from '../view-page';
import { MovementsSection } from './movements-section';
import { NeedsActionSection } from './needs-action-section';
import { StockLevelsSection } from './stock-levels-section';

export function ProductStockView({ productId }: { productId: number }) {
  const query = useProductStock(productId);
  const format = useFormatters();
  const stock = query.data;
  const product = stock?.product;
  const title = product?.name || product?.sku || `Product ${productId}`;
  const levels = stock?.levels ?? [];
  const sum = (pick: (l: (typeof levels)[number]) => number | undefined) =>
    levels.reduce((n, l) => n + (pick(l) ?? 0), 0);
  const recall = recallBadge(product?.recall);

  return (
    <ViewPage
      title={stock ? title : 'Product stock'}
      actions={
        <Link
          href="/inventory"
          className="inline-flex h-control items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm font-medium hover:bg-raised"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Stock levels
        </Link>
      }
    >
      {query.isError && (
        <div
          role="alert"
          className="flex items-center gap-2 rounded-md bg-danger-soft p-2 text-sm text-danger"
        >
          <span>This product’s stock could not be loaded: {errorMessage(query.error)}</span>
          <Button className="ml-auto" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {query.isPending && <p className="text-sm text-muted">Loading the product’s stock…</p>}
      {stock && (
        <>
          <NeedsActionSection stock={stock} />
          <section
            aria-labelledby="product-heading"
            className="rounded-lg border border-line bg-surface p-pad"
          >
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="product-heading" className="text-base font-semibold">
                Product
              </h2>
              {recall && <StockBadges badges={[recall]} />}
            </div>
            <DetailList
              className="mt-3"
              entries={[
                { label: 'SKU', value: product?.sku, field: 'sku' },
                { label: 'GTIN', value: product?.gtin, field: 'gtin' },
                { label: 'Brand', value: product?.brand, field: 'brand' },
                {
                  label: 'Kit',
                  value: product?.is_kit === undefined ? null : product.is_kit ? 'Yes' : 'No',
                  field: 'is_kit',
                },
                { label: 'Recall', value: recall?.label ?? 'None open', field: 'recall' },
                { label: 'Locations', value: format.number(levels.length), field: 'locations' },
                {
                  label: 'On hand (all locations)',
                  value: format.number(sum((l) => l.on_hand_total)),
                  field: 'on_hand_total',
                },
                {
                  label: 'Available (all locations)',
                  value: format.number(sum((l) => l.available_total)),
                  field: 'available_total',
                },
              ]}
            />
          </section>
          <StockLevelsSection levels={levels} />
          <MovementsSection movements={stock.movements_recent ?? []} />
        </>
      )}
    </ViewPage>
  );
}
