/**
 * The grid's header checkbox: selects or clears the page shown (never other pages: "Select
 * all N matching" in the selection bar does that, with the count said first).
 */
import { Checkbox } from 'radix-ui';
import { pageState } from './selection-model';
import { useSelectionStore } from './selection-store';

export function HeaderCheckbox({
  state,
  pageIds,
}: {
  state: 'all' | 'some' | 'none';
  pageIds: readonly number[];
}) {
  const togglePage = useSelectionStore((s) => s.togglePage);
  return (
    <Checkbox.Root
      checked={state === 'all' ? true : state === 'some' ? 'indeterminate' : false}
      onCheckedChange={() => togglePage(pageIds)}
      disabled={pageIds.length === 0}
      aria-label="Select this page"
      className="grid size-4 place-items-center rounded border border-line bg-surface data-[state=checked]:border-accent data-[state=checked]:bg-accent data-[state=checked]:text-accent-fg data-[state=indeterminate]:bg-accent data-[state=indeterminate]:text-accent-fg"
    >
      <Checkbox.Indicator className="text-[10px] leading-none">
        {state === 'some' ? '–' : '✓'}
      </Checkbox.Indicator>
    </Checkbox.Root>
  );
}

/** The header checkbox for the orders on screen, its state read from the selection. */
export function PageCheckbox({ pageIds }: { pageIds: readonly number[] }) {
  const state = useSelectionStore((s) => pageState(s.selection, pageIds));
  return <HeaderCheckbox state={state} pageIds={pageIds} />;
}
