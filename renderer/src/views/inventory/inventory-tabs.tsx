/**
 * The Inventory view's sections as links (each has its own address): the stock list, the
 * supervisor's exceptions board, the recall list and the reorder list, so each is two clicks
 * from launch. Any section reads the exceptions walk kept on disk, so the board paints it at
 * once when opened.
 */
import { Link } from 'wouter';
import { usePrefetchKeptWalk } from '../../features/inventory/use-exceptions-board';
import { cn } from '../../ui/cn';

const TABS = [
  { id: 'stock', href: '/inventory', label: 'Stock levels' },
  { id: 'exceptions', href: '/inventory/exceptions', label: 'Exceptions' },
  { id: 'recalls', href: '/inventory/recalls', label: 'Recalls' },
  { id: 'reorder', href: '/inventory/reorder', label: 'Reorder' },
] as const;

export type InventoryTab = (typeof TABS)[number]['id'];

export function InventoryTabs({ current }: { current: InventoryTab }) {
  // The board is one click away: its kept counts are read from disk before that click.
  usePrefetchKeptWalk();
  return (
    <nav aria-label="Inventory sections" className="flex gap-1 border-b border-line">
      {TABS.map((tab) => (
        <Link
          key={tab.id}
          href={tab.href}
          aria-current={tab.id === current ? 'page' : undefined}
          className={cn(
            '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
            tab.id === current
              ? 'border-accent text-fg'
              : 'border-transparent text-muted hover:text-fg',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
