/**
 * The cells and columns the inventory grids (stock levels, reorder, recalls) share: a
 * product's name linked to its page with a line under it, and a location's code with its name
 * under it.
 */
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../ui/cn';
import { listColumns, NOWRAP_COLUMN } from '../../ui/list/list-columns';

/** A product's name linked to its page; `children` is the line under it (its SKU, …). */
export function ProductLink({
  productId,
  name,
  children,
}: {
  productId: number;
  name: string;
  children: ReactNode;
}) {
  return (
    <>
      {/* The row holds the Tab stop: the link is reached by Enter on it, or a click. */}
      <Link
        href={`/inventory/${productId}`}
        className="font-medium text-accent underline-offset-2 hover:underline"
        tabIndex={-1}
      >
        {name}
      </Link>
      {children}
    </>
  );
}

/**
 * A location's code (monospace; `codeClass` adds to it) with its name under it and as the
 * tooltip. `marked` tags the code for the suites that read it (`data-field="location"`).
 */
export function LocationCell({
  code,
  name,
  codeClass,
  marked = false,
}: {
  code: string | undefined;
  name: string | undefined;
  codeClass?: string;
  marked?: boolean;
}) {
  return (
    <span title={name}>
      <span
        className={cn(codeClass, 'font-mono text-xs')}
        data-field={marked ? 'location' : undefined}
      >
        {code}
      </span>
      <div className="text-xs text-muted">{name}</div>
    </span>
  );
}

/** What the product column reads of a row. */
export interface RowProduct {
  id: number;
  name: string | null | undefined;
  sku: string | null | undefined;
  /** Said after the SKU on its line (" · Acme · Kit"). */
  more?: string;
}

/**
 * The product: its name linked to its page, the SKU under it; sorted by name (or SKU).
 * `oneLine` keeps the row one line high (the stock list at 1280x720): the name cut with an
 * ellipsis, the SKU beside it, the whole name (and brand, kit) on hover.
 */
export function productColumn<T extends RowData>(
  product: (row: T) => RowProduct,
  { oneLine = false }: { oneLine?: boolean } = {},
) {
  return listColumns<T>().accessor((row) => nameOf(product(row)), {
    id: 'product',
    header: 'Product',
    // One line: narrow gutters too (4 px a side), so every column fits at 1280 pixels.
    meta: oneLine ? { cellClass: 'px-1', headerClass: 'px-1' } : { cellClass: 'max-w-80' },
    cell: ({ row }) => {
      const p = product(row.original);
      if (oneLine) {
        const name = nameOf(p) || `Product ${p.id}`;
        return (
          <span
            className="flex max-w-48 items-baseline gap-2 whitespace-nowrap min-[1400px]:max-w-72"
            title={`${name} — ${p.sku ?? ''}${p.more ?? ''}`}
          >
            <Link
              href={`/inventory/${p.id}`}
              className="min-w-0 truncate font-medium text-accent underline-offset-2 hover:underline"
              tabIndex={-1}
            >
              {name}
            </Link>
            <span className="shrink-0 font-mono text-xs text-muted">{p.sku}</span>
          </span>
        );
      }
      return (
        <ProductLink productId={p.id} name={nameOf(p) || `Product ${p.id}`}>
          <div className="text-xs text-muted">
            <span className="whitespace-nowrap font-mono">{p.sku}</span>
            {p.more}
          </div>
        </ProductLink>
      );
    },
  });
}

const nameOf = (p: RowProduct) => p.name || p.sku || '';

/**
 * The location: its code on one line, its name under it (`oneLine`: on hover). `marked` tags
 * the code for the suites that read it.
 */
export function locationColumn<T extends RowData>(
  location: (row: T) => { code?: string; name?: string } | null | undefined,
  { marked = false, oneLine = false }: { marked?: boolean; oneLine?: boolean } = {},
) {
  return listColumns<T>().accessor((row) => location(row)?.code ?? '', {
    id: 'location',
    header: 'Location',
    meta: oneLine ? { cellClass: 'whitespace-nowrap px-1', headerClass: 'px-1' } : NOWRAP_COLUMN,
    cell: ({ row }) => {
      const at = location(row.original);
      // One line: the code a warehouse knows its sites by (a long one cut with an ellipsis);
      // the code and the name on hover.
      if (oneLine) {
        return (
          <span
            className="block max-w-24 truncate font-mono text-xs min-[1400px]:max-w-36"
            title={[at?.code, at?.name].filter(Boolean).join(' — ')}
          >
            {at?.code}
          </span>
        );
      }
      return <LocationCell code={at?.code} name={at?.name} marked={marked} />;
    },
  });
}
