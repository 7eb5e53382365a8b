import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SIZE,
  loadWindowState,
  parseWindowState,
  restoreBounds,
  saveWindowState,
  trackWindowState,
} from './window-state';

const SCREEN = { x: 0, y: 0, width: 1920, height: 1080 };
const SECOND = { x: 1920, y: 0, width: 1280, height: 1024 };

describe('restoreBounds', () => {
  it('uses saved bounds that are on a screen', () => {
    expect(restoreBounds({ x: 100, y: 50, width: 1200, height: 700 }, [SCREEN])).toEqual({
      x: 100,
      y: 50,
      width: 1200,
      height: 700,
    });
    expect(restoreBounds({ x: 2000, y: 10, width: 1000, height: 700 }, [SCREEN, SECOND]).x).toBe(
      2000,
    );
  });

  it('falls back to the default size when the screen is gone or nothing was saved', () => {
    expect(restoreBounds(undefined, [SCREEN])).toEqual(DEFAULT_SIZE);
    expect(restoreBounds({ x: 2000, y: 10, width: 1000, height: 700 }, [SCREEN])).toEqual(
      DEFAULT_SIZE,
    );
    expect(restoreBounds({ x: 100, y: -500, width: 1000, height: 700 }, [SCREEN])).toEqual(
      DEFAULT_SIZE,
    );
  });

  it('shrinks a window larger than its screen, and keeps the minimum size', () => {
    const b = restoreBounds({ x: 0, y: 0, width: 5000, height: 4000 }, [SCREEN]);
    expect([b.width, b.height]).toEqual([1920, 1080]);
    const small = restoreBounds({ x: 0, y: 0, width: 200, height: 100 }, [SCREEN]);
    expect([small.width, small.height]).toEqual([900, 600]);
  });
});

describe('window state file', () => {
  it('parses only sane files', () => {
    expect(parseWindowState('nonsense')).toEqual({ maximized: false });
    expect(parseWindowState('{"bounds":{"x":"1"},"maximized":1}')).toEqual({ maximized: false });
    expect(
      parseWindowState('{"bounds":{"x":1,"y":2,"width":3,"height":4},"maximized":true}'),
    ).toEqual({ bounds: { x: 1, y: 2, width: 3, height: 4 }, maximized: true });
  });

  it('saves on close and reads back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'packbench-window-'));
    try {
      expect(await loadWindowState(dir)).toEqual({ maximized: false });
      let onClose: (() => void) | undefined;
      trackWindowState(
        {
          on: (_e, fn) => (onClose = fn),
          getNormalBounds: () => ({ x: 5, y: 6, width: 1000, height: 700 }),
          isMaximized: () => true,
        },
        dir,
        vi.fn(),
      );
      onClose?.();
      await vi.waitFor(async () => {
        expect(JSON.parse(await readFile(join(dir, 'window-state.json'), 'utf8')).maximized).toBe(
          true,
        );
      });
      await saveWindowState(dir, {
        bounds: { x: 1, y: 1, width: 901, height: 601 },
        maximized: false,
      });
      expect((await loadWindowState(dir)).bounds?.width).toBe(901);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
