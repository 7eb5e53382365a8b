// @vitest-environment jsdom
/**
 * The renderer's side of the floor's push: a `floorChanged` event makes the marks on screen
 * be read again, without a reload or any other action here (another bench marked a return).
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReturnReviewsView } from '../../../../shared/contract/clerk-values';
import { useLocalQuery } from '../../query/bridge-query';
import { stubEventClient } from '../../test-support/event-client';
import { bridgeWrapper } from '../../test-support/stub-bridge';
import { useReturnReviews } from '../returns/use-return-reviews';
import { useFloorLive } from './use-floor-live';

function Marks() {
  useFloorLive();
  const marks = useReturnReviews();
  return (
    <ul aria-label="Marks">
      {[...marks.values()].map((m) => (
        <li key={m.returnId}>
          Return {m.returnId} reviewed by {m.reviewedBy}
        </li>
      ))}
    </ul>
  );
}

const none: ReturnReviewsView = { reviews: [] };
const marked: ReturnReviewsView = {
  reviews: [
    {
      returnId: 41,
      rmaNumber: 'RMA-41',
      reviewedBy: 'Ana',
      reviewedAt: '2026-11-28T10:42:00.000Z',
      note: '',
    },
  ],
};

describe('useFloorLive', () => {
  it("shows another bench's mark once the floor says the reviews changed", async () => {
    const returnReviewsList = vi.fn().mockResolvedValueOnce({ ok: true, value: none });
    returnReviewsList.mockResolvedValue({ ok: true, value: marked });
    const { client, emit, listening } = stubEventClient({ returnReviewsList });
    const { wrapper } = bridgeWrapper(client);
    render(<Marks />, { wrapper });
    await vi.waitFor(() => expect(returnReviewsList).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/reviewed by Ana/)).toBeNull();
    expect(listening()).toBeGreaterThan(0);

    emit({ type: 'floorChanged', topic: 'reviews' });

    expect(await screen.findByText('Return 41 reviewed by Ana')).toBeTruthy();
    expect(returnReviewsList).toHaveBeenCalledTimes(2);
  });

  it('leaves the marks alone on other events', async () => {
    const returnReviewsList = vi.fn().mockResolvedValue({ ok: true, value: none });
    const { client, emit } = stubEventClient({ returnReviewsList });
    const { wrapper } = bridgeWrapper(client);
    render(<Marks />, { wrapper });
    await vi.waitFor(() => expect(returnReviewsList).toHaveBeenCalledTimes(1));
    emit({ type: 'notice', level: 'info', message: 'Hello' });
    // An unknown topic from a newer main process is ignored too, not a crash.
    emit({ type: 'floorChanged', topic: 'someday' as never });
    // The Floor view's topic leaves the marks alone.
    emit({ type: 'floorChanged', topic: 'overview' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(returnReviewsList).toHaveBeenCalledTimes(1);
  });

  it('reads the Floor view again when the floor says its picture changed', async () => {
    const floorOverview = vi.fn().mockResolvedValue({ ok: true, value: { stations: [] } });
    const { client, emit } = stubEventClient({ floorOverview });
    const { wrapper } = bridgeWrapper(client);
    function FloorPicture() {
      useFloorLive();
      const overview = useLocalQuery('floorOverview', {});
      return <p>{overview.isSuccess ? 'Floor read' : 'Reading'}</p>;
    }
    render(<FloorPicture />, { wrapper });
    expect(await screen.findByText('Floor read')).toBeTruthy();
    expect(floorOverview).toHaveBeenCalledTimes(1);
    emit({ type: 'floorChanged', topic: 'reviews' });
    emit({ type: 'floorChanged', topic: 'overview' });
    await vi.waitFor(() => expect(floorOverview).toHaveBeenCalledTimes(2));
  });
});
