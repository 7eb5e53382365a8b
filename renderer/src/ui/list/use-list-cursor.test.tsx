// @vitest-environment jsdom
/**
 * The cursor on its own: clamped to the list, back to the first row on a new reset key, and
 * the focus given to a row the virtualizer draws only after the key was pressed.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListCursor } from './use-list-cursor';

afterEach(() => document.body.replaceChildren());

function rowElement(index: number): HTMLElement {
  const element = document.createElement('div');
  element.tabIndex = -1;
  element.dataset.index = String(index);
  document.body.append(element);
  return element;
}

describe('useListCursor', () => {
  it('stays inside the list and follows it when it shrinks', () => {
    const hook = renderHook(({ count }) => useListCursor(count, 'k'), {
      initialProps: { count: 5 },
    });
    act(() => hook.result.current.moveBy(-1));
    expect(hook.result.current.activeIndex).toBe(0);
    act(() => hook.result.current.moveTo(9));
    expect(hook.result.current.activeIndex).toBe(4);
    hook.rerender({ count: 2 });
    expect(hook.result.current.activeIndex).toBe(1);
    hook.rerender({ count: 0 });
    expect(hook.result.current.activeIndex).toBe(0);
  });

  it('goes back to the first row when the reset key changes, and moves on from there', () => {
    const hook = renderHook(({ key }) => useListCursor(10, key), { initialProps: { key: 'a' } });
    act(() => hook.result.current.select(6));
    expect(hook.result.current.activeIndex).toBe(6);
    hook.rerender({ key: 'b' });
    expect(hook.result.current.activeIndex).toBe(0);
    act(() => hook.result.current.moveBy(2));
    expect(hook.result.current.activeIndex).toBe(2);
    hook.rerender({ key: 'b' });
    expect(hook.result.current.activeIndex).toBe(2);
  });

  it('reveals the row and focuses it at once when it is drawn, or as soon as it mounts', () => {
    const hook = renderHook(() => useListCursor(100, 'k'));
    const drawn = new Map<number, HTMLElement>([[1, rowElement(1)]]);
    const reveal = vi.fn();
    hook.result.current.attach({
      virtual: true,
      reveal,
      rowElement: (index) => drawn.get(index) ?? null,
    });
    act(() => hook.result.current.moveTo(1));
    expect(reveal).toHaveBeenLastCalledWith(1);
    expect(document.activeElement).toBe(drawn.get(1));

    // Row 60 is not drawn yet: revealing it scrolls, and it takes the focus when it mounts.
    act(() => hook.result.current.moveTo(60));
    expect(reveal).toHaveBeenLastCalledWith(60);
    expect(document.activeElement).toBe(drawn.get(1));
    hook.result.current.rowRef(rowElement(59));
    expect(document.activeElement).toBe(drawn.get(1));
    const late = rowElement(60);
    hook.result.current.rowRef(late);
    expect(document.activeElement).toBe(late);
    // Only once: the row mounting again later (scrolled away and back) does not take it.
    drawn.get(1)?.focus();
    hook.result.current.rowRef(late);
    expect(document.activeElement).toBe(drawn.get(1));
  });
});
