import { describe, expect, it, vi } from 'vitest';
import { claimSingleInstance } from './single-instance';

describe('claimSingleInstance', () => {
  it('gives up when another instance holds the lock', () => {
    const app = { requestSingleInstanceLock: () => false, on: vi.fn() };
    expect(claimSingleInstance(app as never, () => undefined)).toBe(false);
    expect(app.on).not.toHaveBeenCalled();
  });

  it('brings the window forward on a second launch', () => {
    let second: (() => void) | undefined;
    const app = {
      requestSingleInstanceLock: () => true,
      on: (_n: string, fn: () => void) => (second = fn),
    };
    const win = { isMinimized: () => true, restore: vi.fn(), show: vi.fn(), focus: vi.fn() };
    expect(claimSingleInstance(app as never, () => win)).toBe(true);
    second?.();
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
  });
});
