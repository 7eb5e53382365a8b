// @vitest-environment jsdom
/**
 * A print dialog's note on orders printed before: "12 of 40 already printed", counted from
 * the printed marks of the kind printed; nothing when none were.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { okUntyped, renderWith, stubClient } from '../../test-support/stub-bridge';
import { AlreadyPrinted, countPrinted } from './already-printed';

afterEach(cleanup);

const mark = (orderId: number, what: 'labels' | 'documents') => ({
  orderId,
  what,
  at: '2026-11-27T09:00:00Z',
  printer: 'Zebra',
  jobId: `job-${orderId}`,
});
const ids = Array.from({ length: 40 }, (_, i) => i + 1);

describe('already printed', () => {
  it('says how many of the selection were printed before', async () => {
    const marks = [...ids.slice(0, 12).map((id) => mark(id, 'labels')), mark(13, 'documents')];
    renderWith(
      stubClient({ printedMarksList: okUntyped({ marks }) }),
      <AlreadyPrinted ids={ids} what="labels" />,
    );
    expect((await screen.findByTestId('already-printed')).textContent).toContain(
      '12 of 40 already printed.',
    );
  });

  it('counts only the kind printed and only the selected orders', () => {
    const marks = [mark(1, 'labels'), mark(2, 'documents'), mark(99, 'labels')];
    expect(countPrinted([1, 2, 3], marks, 'labels')).toBe(1);
    expect(countPrinted([1, 2, 3], marks, 'documents')).toBe(1);
    expect(countPrinted([3], marks, 'labels')).toBe(0);
  });
});
