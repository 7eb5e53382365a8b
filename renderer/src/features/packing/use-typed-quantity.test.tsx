// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextDigits, TYPED_PAUSE_MS, useTypedQuantity } from './use-typed-quantity';

/** A key as a person's keyboard sends it, stamped at `at` ms. */
function press(
  key: string,
  at: number,
  init: KeyboardEventInit = {},
  target: EventTarget = document.body,
) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'timeStamp', { value: at });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the digits typed', () => {
  it('add up into a number; a long pause starts a new one', () => {
    let state = { digits: '', at: 0 };
    state = nextDigits(state, '1', 1000);
    state = nextDigits(state, '2', 1200);
    expect(state.digits).toBe('12');
    state = nextDigits(state, '5', 1200 + TYPED_PAUSE_MS + 1);
    expect(state.digits).toBe('5');
    for (let i = 0; i < 8; i++) state = nextDigits(state, '9', 2000 + i);
    expect(state.digits).toHaveLength(5);
  });
});

describe('a number typed on the pack screen', () => {
  it('is counted on Enter, shown while typed, and its Enter kept from the page', () => {
    const onNumber = vi.fn();
    const { result } = renderHook(() => useTypedQuantity(onNumber, true));
    press('1', 100);
    press('2', 250);
    expect(result.current.pending).toBe('12');
    const enter = press('Enter', 400);
    expect(onNumber).toHaveBeenCalledWith(12);
    expect(enter.defaultPrevented).toBe(true);
    expect(result.current.pending).toBe('');
  });

  it('ignores Enter alone, keys in a field, with Ctrl, and a number left for too long', () => {
    const onNumber = vi.fn();
    const { result } = renderHook(() => useTypedQuantity(onNumber, true));
    expect(press('Enter', 10).defaultPrevented).toBe(false);
    const field = document.createElement('input');
    document.body.append(field);
    press('4', 20, {}, field);
    press('4', 30, { ctrlKey: true });
    expect(result.current.pending).toBe('');
    press('3', 100);
    press('Enter', 100 + TYPED_PAUSE_MS + 1);
    expect(onNumber).not.toHaveBeenCalled();
  });

  it('is cleared by a scan and by Escape', () => {
    const onNumber = vi.fn();
    const { result } = renderHook(() => useTypedQuantity(onNumber, true));
    press('7', 10);
    act(() => result.current.clear());
    press('Enter', 20);
    press('8', 30);
    press('Escape', 40);
    press('Enter', 50);
    expect(onNumber).not.toHaveBeenCalled();
  });
});
