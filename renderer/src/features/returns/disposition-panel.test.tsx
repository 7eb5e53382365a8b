// @vitest-environment jsdom
/**
 * The split view's disposition keys, as a clerk uses them: l moves to the next line, r marks
 * it received, c steps its condition, s and w restock or write it off (again: undone); each
 * key records through the bridge with the clerk's name and shows at once on the line, with
 * who and when. The shortcut sheet lists the keys beside the review mark's m and n.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LineDisposition } from '../../../../shared/contract/action-values';
import type { ArgsOf } from '../../../../shared/contract/bridge-contract';
import { schemaSample } from '../../test-support/schema-variants';
import { bridgeWrapper, stubClient } from '../../test-support/stub-bridge';
import { createFormatters } from '../../ui/format/formatters';
import { ShortcutLayer } from '../../ui/shortcuts/shortcut-layer';
import { ShortcutSheet } from '../../ui/shortcuts/shortcut-sheet';
import { useShortcutStore } from '../../ui/shortcuts/shortcut-store';
import { DispositionPanel, nextCondition } from './disposition-panel';
import { ReviewPanel } from './review-panel';

afterEach(() => {
  cleanup();
  useShortcutStore.setState({ shortcuts: {}, sheetOpen: false });
});

const format = createFormatters('en-GB', 'UTC');
const press = (key: string) => act(() => void fireEvent.keyDown(document.body, { key }));

function setUp() {
  const base = schemaSample('ReturnRequest');
  const ret = {
    ...base,
    id: 41,
    rma_number: 'RMA-2026-000041',
    lines: [
      { ...base.lines[0]!, id: 501, sku: 'MUG-0001', name: 'Blue mug', quantity: 2 },
      { ...base.lines[0]!, id: 502, sku: 'TEE-0002', name: 'Grey tee', quantity: 1 },
    ],
  };
  const kept = new Map<number, LineDisposition>();
  const set = vi.fn(async (args: ArgsOf<'returnDispositionSet'>) => {
    const before = kept.get(args.lineIndex);
    const saved: LineDisposition = {
      returnId: args.returnId,
      lineIndex: args.lineIndex,
      lineId: args.lineId ?? null,
      rmaNumber: args.rmaNumber ?? null,
      sku: args.sku,
      name: args.name,
      quantity: args.quantity,
      received: args.received ?? before?.received ?? false,
      condition: args.condition === undefined ? (before?.condition ?? null) : args.condition,
      action: args.action === undefined ? (before?.action ?? null) : args.action,
      recordedAt: '2026-11-27T09:30:00.000Z',
      recordedBy: args.recordedBy ?? 'desk-user',
    };
    kept.set(args.lineIndex, saved);
    return { ok: true as const, value: saved };
  });
  const client = stubClient(
    {
      // The bridge's list is what was recorded (a reread shows the same as the cache).
      returnDispositionsList: async () => ({
        ok: true as const,
        value: { dispositions: [...kept.values()] },
      }),
      returnDispositionSet: set,
    },
    { returnsReviewer: 'Ana at desk 2' },
  );
  const { wrapper } = bridgeWrapper(client);
  render(
    <>
      <ShortcutLayer />
      <ShortcutSheet />
      <ReviewPanel
        returnId={ret.id}
        rmaNumber={ret.rma_number}
        review={undefined}
        format={format}
      />
      <DispositionPanel ret={ret} format={format} />
    </>,
    { wrapper },
  );
  const line = (i: number) => screen.getAllByTestId('disposition-line')[i]!;
  return { set, line };
}

describe('the split view’s disposition keys', () => {
  it('records received, condition, restock and write off on the current line', async () => {
    const { set, line } = setUp();
    await waitFor(() => expect(screen.getAllByTestId('disposition-line')).toHaveLength(2));
    expect(line(0).dataset.current).toBe('true');

    press('r');
    await waitFor(() => expect(set).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(line(0).dataset.received).toBe('true'));
    expect(set).toHaveBeenLastCalledWith(
      expect.objectContaining({
        returnId: 41,
        lineIndex: 0,
        lineId: 501,
        sku: 'MUG-0001',
        quantity: 2,
        received: true,
        rmaNumber: 'RMA-2026-000041',
      }),
    );
    // The clerk's signed name, once the settings are read.
    await waitFor(() =>
      expect(within(line(0)).getByTestId('disposition-by').textContent).toMatch(
        /Recorded by (Ana at desk 2|desk-user)/,
      ),
    );

    press('c');
    await waitFor(() => expect(line(0).dataset.condition).toBe('new'));
    press('c');
    await waitFor(() => expect(line(0).dataset.condition).toBe('opened'));
    press('s');
    await waitFor(() => expect(line(0).dataset.action).toBe('restock'));
    // What was recorded before stays: only the part a key names changes.
    expect(line(0).dataset.received).toBe('true');
    expect(line(0).dataset.condition).toBe('opened');

    // l: the next line; w writes it off, w again undoes it.
    press('l');
    await waitFor(() => expect(line(1).dataset.current).toBe('true'));
    press('w');
    await waitFor(() => expect(line(1).dataset.action).toBe('write_off'));
    expect(set).toHaveBeenLastCalledWith(
      expect.objectContaining({ lineIndex: 1, sku: 'TEE-0002', action: 'write_off' }),
    );
    press('w');
    await waitFor(() => expect(line(1).dataset.action).toBe(''));
    // The first line is as it was.
    expect(line(0).dataset.action).toBe('restock');
    // l wraps round to the first line.
    press('l');
    await waitFor(() => expect(line(0).dataset.current).toBe('true'));
  });

  it('lists its keys in the shortcut sheet beside m and n, with no key taken twice', async () => {
    setUp();
    await waitFor(() => expect(screen.getAllByTestId('disposition-line')).toHaveLength(2));
    act(() => useShortcutStore.getState().setSheetOpen(true));
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const group = within(sheet).getByRole('region', { name: 'Return lines' });
    for (const label of [
      'Next returned line',
      'Line received, or undo',
      'Line condition: new, opened, damaged',
      'Restock the line, or undo',
      'Write the line off, or undo',
    ]) {
      expect(within(group).getByText(label)).toBeTruthy();
    }
    expect(within(sheet).getByText('Mark reviewed, or undo the mark')).toBeTruthy();
    const keys = Object.values(useShortcutStore.getState().shortcuts)
      .flat()
      .flatMap((s) => s.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('steps the condition new → opened → damaged → new', () => {
    expect(nextCondition(null)).toBe('new');
    expect(nextCondition('new')).toBe('opened');
    expect(nextCondition('opened')).toBe('damaged');
    expect(nextCondition('damaged')).toBe('new');
  });
});
