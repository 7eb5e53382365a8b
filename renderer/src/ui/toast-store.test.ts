import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast-store';

beforeEach(() => useToastStore.setState({ toasts: [] }));

describe('toasts', () => {
  it('counts a repeated toast on the one showing instead of piling up copies', () => {
    const first = toast('Printer is off', { tone: 'error', description: 'Zebra' });
    toast('Saved', { tone: 'success' });
    const again = toast('Printer is off', { tone: 'error', description: 'Zebra' });
    toast('Printer is off', { tone: 'error', description: 'Zebra' });
    const { toasts } = useToastStore.getState();
    expect(again).toBe(first);
    expect(toasts.map((t) => [t.title, t.repeats])).toEqual([
      ['Saved', 1],
      ['Printer is off', 3],
    ]);
  });

  it('keeps toasts that differ in their words or tone apart', () => {
    toast('Printer is off', { tone: 'error', description: 'Zebra' });
    toast('Printer is off', { tone: 'error', description: 'Laser' });
    toast('Printer is off', { tone: 'warning', description: 'Zebra' });
    expect(useToastStore.getState().toasts).toHaveLength(3);
  });

  it('starts the timer again for a repeat (a new key for the toast)', () => {
    toast('Saved', { tone: 'success' });
    const before = useToastStore.getState().toasts[0]!.shownAt;
    toast('Saved', { tone: 'success' });
    expect(useToastStore.getState().toasts[0]!.shownAt).not.toBe(before);
  });
});
