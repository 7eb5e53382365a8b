/**
 * The recall list: every open recalled batch with stock, at the location that holds it, with
 * on hand, committed and available there — what to pull off the shelf, and where. Filtered by
 * location and recall in its address (the board's counts link here). From the exceptions
 * walk, shared with the board through the query cache. Each row names the bins at its
 * location and takes a "Pulled…" mark (local), then shows who pulled how many and what is
 * still on the shelf; the CSV carries both.
 */
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { recallTable } from '../../features/inventory/inventory-tables';
import {
  RECALL_COLUMNS,
  recallRowData,
  recallRowId,
} from '../../features/inventory/recall-columns';
import {
  filterRecalls,
  type RecallEntry,
  type RecallFilter,
  recallEntries,
  recallFilterFromSearch,
  recallFilterToSearch,
} from '../../features/inventory/recall-list';
import {
  useInventoryExceptions,
  useKeptWalkLost,
} from '../../features/inventory/use-exceptions-board';
import { useFormatters } from '../../ui/format/use-formatters';
import { NO_ROWS } from '../../ui/list/use-list-view';
import { Select } from '../../ui/select';
import { LocationChoice } from './location-choice';
import { type ReadList, ReadListPage } from './read-list-page';
import { usePullMarks } from './use-pull-marks';
import { useReadListExport } from './use-read-list-export';
import { WalkStatus } from './walk-status';

const RECALLS = {
  title: 'Recalls',
  tab: 'recalls',
  grid: {
    label: 'Recalled batches',
    testId: 'recall-grid',
    columns: RECALL_COLUMNS,
    rowId: recallRowId,
    rowData: recallRowData,
  },
  summaryTestId: 'recall-summary',
  product: (e) => e.product.id,
} satisfies ReadList<RecallEntry>;

const RECALLS_CSV = {
  name: 'recalls',
  noun: 'recalled batches',
  reading: 'The recall list is still being read.',
} as const;

export function RecallsView() {
  const [, navigate] = useLocation();
  const format = useFormatters();
  const search = useSearch();
  const filter = useMemo(() => recallFilterFromSearch(search), [search]);
  const setFilter = (next: RecallFilter) =>
    navigate(`/inventory/recalls?${recallFilterToSearch(next)}`, { replace: true });
  const walk = useInventoryExceptions();
  const query = walk.query;
  const lost = useKeptWalkLost();
  const all = useMemo(
    () => (query.data ? recallEntries(query.data.recalled) : NO_ROWS),
    [query.data],
  );
  const rows = useMemo(() => filterRecalls(all, filter), [all, filter]);
  const units = rows.reduce((a, e) => a + e.onHand, 0);
  const summary = !query.isSuccess
    ? null
    : rows.length === 0
      ? 'No recalled batch is held here.'
      : `${format.number(rows.length)} recalled ${rows.length === 1 ? 'batch' : 'batches'} held, ${format.number(units)} units on hand.`;
  // The pulled marks (local): each row's pulled units and what is still on the shelf.
  const { meta, csvTable, dialog } = usePullMarks<RecallEntry>(RECALLS_CSV, recallTable);
  const csv = useReadListExport(csvTable, query.isSuccess ? rows : null);

  return (
    <ReadListPage
      list={RECALLS}
      rows={rows}
      busy={query.isFetching}
      csv={csv}
      summary={summary}
      meta={meta}
    >
      <LocationChoice
        value={filter.location}
        onChange={(location) => setFilter({ ...filter, location })}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor="recall-state" className="text-sm font-medium">
          Recall
        </label>
        <Select
          id="recall-state"
          value={filter.state ?? ''}
          onChange={(e) =>
            setFilter({
              ...filter,
              state:
                e.target.value === 'mandatory' || e.target.value === 'voluntary'
                  ? e.target.value
                  : null,
            })
          }
        >
          <option value="">Mandatory and voluntary</option>
          <option value="mandatory">Mandatory</option>
          <option value="voluntary">Voluntary</option>
        </Select>
      </div>
      <WalkStatus query={query} walk={walk} lost={lost} />
      {dialog}
    </ReadListPage>
  );
}
