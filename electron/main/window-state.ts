/**
 * The main window's size and position, remembered between runs in window-state.json beside
 * the settings. What is read back is checked: a file from another screen layout (a monitor
 * unplugged since) must not put the window where nobody can see it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds?: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 900, height: 600 } as const;
const FILE = 'window-state.json';

function isRect(value: unknown): value is Rect {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return ['x', 'y', 'width', 'height'].every(
    (k) => typeof r[k] === 'number' && Number.isFinite(r[k]) && Math.abs(r[k] as number) < 1e6,
  );
}

/** Parses the saved file's text; anything odd gives the default state. */
export function parseWindowState(text: string): WindowState {
  try {
    const data = JSON.parse(text) as Record<string, unknown>;
    return {
      ...(isRect(data.bounds) ? { bounds: data.bounds } : {}),
      maximized: data.maximized === true,
    };
  } catch {
    return { maximized: false };
  }
}

/**
 * The bounds to open with: the saved ones if at least a good part of the title bar lies on one
 * of today's work areas (and no larger than that area), else the default size, centred by
 * Electron (no x/y).
 */
export function restoreBounds(
  saved: Rect | undefined,
  workAreas: readonly Rect[],
): Partial<Rect> & { width: number; height: number } {
  if (!saved) return { ...DEFAULT_SIZE };
  const area = workAreas.find((a) => titleBarVisible(saved, a));
  if (!area) return { ...DEFAULT_SIZE };
  return {
    x: saved.x,
    y: saved.y,
    width: clamp(saved.width, MIN_SIZE.width, area.width),
    height: clamp(saved.height, MIN_SIZE.height, area.height),
  };
}

function titleBarVisible(win: Rect, area: Rect): boolean {
  // The top 40 px strip of the window, at least 100 px of it inside the area.
  const left = Math.max(win.x, area.x);
  const right = Math.min(win.x + win.width, area.x + area.width);
  const top = win.y;
  return right - left >= 100 && top >= area.y && top + 40 <= area.y + area.height;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(Math.min(value, max), Math.min(min, max));
}

export async function loadWindowState(dir: string): Promise<WindowState> {
  try {
    return parseWindowState(await readFile(join(dir, FILE), 'utf8'));
  } catch {
    return { maximized: false };
  }
}

export async function saveWindowState(dir: string, state: WindowState): Promise<void> {
  await writeFileAtomic(join(dir, FILE), `${JSON.stringify(state, null, 2)}\n`);
}

/** What tracking needs of a BrowserWindow. */
export interface TrackedWindow {
  on(event: 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
}

/** Saves the window's state when it closes (normal bounds: the size to restore to). */
export function trackWindowState(
  win: TrackedWindow,
  dir: string,
  log: (line: string) => void,
): void {
  win.on('close', () => {
    const state: WindowState = { bounds: win.getNormalBounds(), maximized: win.isMaximized() };
    saveWindowState(dir, state).catch((error: unknown) => {
      log(`window state not saved: ${String(error)}`);
    });
  });
}
