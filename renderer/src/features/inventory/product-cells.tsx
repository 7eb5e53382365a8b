/**
 * The cells the inventory grids (stock levels, reorder, recalls) share: a product's name
 * linked to its page with a line under it, and a location's code with its name under it.
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../ui/cn';

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
