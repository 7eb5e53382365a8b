/**
 * The top of a product's stock page: what needs action, most urgent first, each with where
 * (product-actions.ts): recalled batches at the locations holding them, expired and expiring
 * batches and where, locations at or below their reorder point. Says so when nothing does.
 */
import { type ProductAction, productActions } from '../../features/inventory/product-actions';
import { expiryText, type ProductStock } from '../../features/inventory/stock-facts';
import { cn } from '../../ui/cn';
import { useFormatters } from '../../ui/format/use-formatters';

function sentence(a: ProductAction, n: (v: number) => string): string {
  const held = `${n(a.units)} on hand`;
  switch (a.kind) {
    case 'mandatory':
    case 'voluntary':
      return `${a.kind === 'mandatory' ? 'Mandatory' : 'Voluntary'} recall: batch ${a.batch} at ${a.location}, ${held}`;
    case 'expired':
    case 'expiring':
      return `${expiryText(a.days, n) ?? (a.kind === 'expired' ? 'Expired' : 'Expiring')}: batch ${a.batch} at ${a.location}, ${held}`;
    case 'reorder':
      return `At or below its reorder point at ${a.location}: ${n(a.units)} available, reorder at ${n(a.reorderPoint ?? 0)}`;
  }
}

export function NeedsActionSection({ stock }: { stock: ProductStock }) {
  const format = useFormatters();
  const actions = productActions(stock, Date.now());
  return (
    <section
      aria-labelledby="needs-action-heading"
      className="rounded-lg border border-line bg-surface p-pad"
      data-testid="needs-action"
    >
      <h2 id="needs-action-heading" className="text-base font-semibold">
        Needs action
      </h2>
      {actions.length === 0 ? (
        <p className="mt-1 text-sm text-muted">
          Nothing: no recall, no expired or soon-expiring batch held, no location at its reorder
          point.
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {actions.map((a, i) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a static list; the API may repeat a batch code or location code
              key={i}
              data-kind={a.kind}
              className={cn(
                'rounded px-2 py-1',
                a.kind === 'mandatory' || a.kind === 'expired' ? 'bg-danger-soft' : 'bg-warn-soft',
              )}
            >
              {sentence(a, format.number)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
