import { describe, expect, it } from 'vitest';
import {
  describeSelection,
  EMPTY_SELECTION,
  isAllMatching,
  pageState,
  selectAllMatching,
  selectedIds,
  selectRange,
  setSelected,
  toggle,
  togglePage,
} from './selection-model';

const fmt = (n: number) => n.toLocaleString('en-US');

describe('selection model', () => {
  it('keeps ids across pages', () => {
    const page1 = [1, 2, 3];
    const page2 = [4, 5, 6];
    let s = toggle(EMPTY_SELECTION, 2);
    s = togglePage(s, page2);
    expect(selectedIds(s)).toEqual([6, 5, 4, 2]);
    expect(pageState(s, page1)).toBe('some');
    expect(pageState(s, page2)).toBe('all');
    expect(pageState(s, [7, 8])).toBe('none');
    // Back on page 1, selecting it adds to what page 2 holds.
    s = togglePage(s, page1);
    expect(selectedIds(s)).toEqual([6, 5, 4, 3, 2, 1]);
    s = togglePage(s, page1);
    expect(selectedIds(s)).toEqual([6, 5, 4]);
  });

  it('toggles one id and never mutates the old value', () => {
    const a = toggle(EMPTY_SELECTION, 9);
    const b = toggle(a, 9);
    expect(a.ids.has(9)).toBe(true);
    expect(b.ids.has(9)).toBe(false);
    expect(EMPTY_SELECTION.ids.size).toBe(0);
    expect(setSelected(a, [9], true)).toBe(a);
  });

  it('select all matching remembers the filters until changed by hand', () => {
    const ids = Array.from({ length: 1284 }, (_, i) => 1000 + i);
    const s = selectAllMatching([...ids, 1000], 'k1');
    expect(s.ids.size).toBe(1284);
    expect(isAllMatching(s, 'k1')).toBe(true);
    expect(isAllMatching(s, 'k2')).toBe(false);
    expect(describeSelection(s, 'k1', fmt)).toBe('All 1,284 matching orders selected');
    expect(describeSelection(s, 'k2', fmt)).toBe('1,284 orders selected');
    const edited = toggle(s, 1000);
    expect(edited.matching).toBeNull();
    expect(describeSelection(edited, 'k1', fmt)).toBe('1,283 orders selected');
  });

  it('says when nothing or one order is selected', () => {
    expect(describeSelection(EMPTY_SELECTION, 'k', fmt)).toBe('No orders selected');
    expect(describeSelection(toggle(EMPTY_SELECTION, 3), 'k', fmt)).toBe('1 order selected');
  });
});

describe('selectRange (shift-click)', () => {
  const page = [11, 12, 13, 14, 15];
  it('selects from the last box clicked to this one, either way, in the order on screen', () => {
    const one = selectRange(EMPTY_SELECTION, page, null, 12);
    expect(selectedIds(one)).toEqual([12]);
    expect(selectedIds(selectRange(one, page, 12, 14))).toEqual([14, 13, 12]);
    expect(selectedIds(selectRange(one, page, 12, 11))).toEqual([12, 11]);
  });

  it('clears the range when the box clicked was selected; a plain toggle without an anchor here', () => {
    const all = setSelected(EMPTY_SELECTION, page, true);
    expect(selectedIds(selectRange(all, page, 11, 13))).toEqual([15, 14]);
    expect(selectedIds(selectRange(EMPTY_SELECTION, page, 99, 13))).toEqual([13]);
  });
});
