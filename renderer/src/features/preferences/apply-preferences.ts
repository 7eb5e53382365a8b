/**
 * Theme and density live as attributes on <html> (data-theme, data-density); the stylesheet's
 * variables follow them. The last applied values are also kept in localStorage so the next
 * start paints in the right theme before the settings file has been read (no white flash
 * for a dark-theme user).
 */
import type { UiPreferences } from '../../../../shared/contract/settings-schema';

export type ResolvedTheme = 'light' | 'dark';

const STORAGE_KEY = 'packbench.appearance';

export function resolveTheme(theme: UiPreferences['theme'], systemPrefersDark: boolean) {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

export interface Appearance {
  theme: ResolvedTheme;
  density: UiPreferences['density'];
}

export function applyAppearance(root: HTMLElement, appearance: Appearance): void {
  root.dataset.theme = appearance.theme;
  root.dataset.density = appearance.density;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(appearance));
  } catch {
    // Storage may be off; the only cost is a flash of the default theme at the next start.
  }
}

/** The appearance used last time, if it was remembered and still makes sense. */
export function rememberedAppearance(): Appearance | null {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Appearance>;
    if (
      raw &&
      (raw.theme === 'light' || raw.theme === 'dark') &&
      (raw.density === 'comfortable' || raw.density === 'compact' || raw.density === 'station')
    ) {
      return { theme: raw.theme, density: raw.density };
    }
  } catch {
    // Unreadable: fall through to the defaults.
  }
  return null;
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}
