/**
 * The list views' "a schema-valid answer renders" check, shared by the Shipments, Tracking
 * and Returns tests instead of pasted into each: the page's heading, then (once the rows are
 * in) the words its count or range says, then its table with the filters beside it and no
 * error panel. Returns the table, for a test that goes on to count its rows.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { expectListWithFilters } from './stub-bridge';

export interface ListViewShown {
  /** The page's heading (level 1). */
  heading: string;
  /** The test id of the element that says how many rows there are. */
  countTestId: string;
  /** What that element says once every row is in, as a person reads it. */
  count: string;
  /** The table's accessible name. */
  table: string;
}

export async function expectListViewShown(view: ListViewShown): Promise<HTMLElement> {
  expect(screen.getByRole('heading', { level: 1, name: view.heading })).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId(view.countTestId).textContent).toBe(view.count));
  return expectListWithFilters(view.table);
}
