/**
 * The fixed-rows grid's cells' widths and line height as one style sheet per grid (a
 * constructed sheet, adopted by the document), so its cells carry classes only, no inline
 * style. Unlayered, so it wins over the cells' utility classes (a `text-xs` sets its own line
 * height, which would lift a tracking number off the row's text line).
 *
 * Why: a scroll frame mounts some ten rows of twelve cells. With `style={{ width,
 * lineHeight }}` on each cell React set two style properties per cell, and every cell's
 * own inline declarations kept Chromium from sharing computed styles between cells of a
 * column. The shipments grid's scroll, 99,385 rows, against the bare virtual list (issue 34,
 * bench/ui-grids-scroll-profile.ts, 2026-11-29, three and two rounds, load 1-2.6): script a
 * frame 0.79-0.86x the list's with the sheet against 0.97-1.04x with inline styles, layout
 * 0.88-0.96x against 1.04-1.14x.
 *
 * A constructed sheet, not a <style> element: the console's policy (`style-src 'self'`)
 * refuses inline style elements; style sheets made through the CSS object model are allowed,
 * as inline styles set from script are. Where the document cannot adopt sheets (jsdom in unit
 * tests), nothing is adopted: jsdom lays nothing out.
 */
import { useId, useLayoutEffect, useMemo, useRef } from 'react';

/** The class names of one grid's sheet. */
export interface ColumnClasses {
  /** On each cell of visible column `index` (in display order): its width and line height. */
  cell(index: number): string;
}

/** The sheet's text for these widths (px, in display order) and line height (px). */
export function columnSheetText(prefix: string, widths: readonly number[], lineHeight: number) {
  return widths
    .map((width, i) => `.${prefix}-${i}{width:${width}px;line-height:${lineHeight}px}`)
    .join('\n');
}

/** Class names safe in a selector, unique to this grid: React's id with its colons dropped. */
export function classPrefix(reactId: string): string {
  return `pb-cols-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`;
}

export function useColumnSheet(widths: readonly number[], lineHeight: number): ColumnClasses {
  const prefix = classPrefix(useId());
  const sheet = useRef<CSSStyleSheet | null>(null);
  const text = columnSheetText(prefix, widths, lineHeight);

  // Adopted once per grid, let go when it unmounts.
  useLayoutEffect(() => {
    const made = adoptable() ? new CSSStyleSheet() : null;
    if (!made) return;
    sheet.current = made;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, made];
    return () => {
      sheet.current = null;
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== made);
    };
  }, []);
  // Before the browser paints (a layout effect), so no frame shows cells without widths.
  useLayoutEffect(() => {
    sheet.current?.replaceSync(text);
  }, [text]);

  return useMemo(() => ({ cell: (index) => `${prefix}-${index}` }), [prefix]);
}

function adoptable(): boolean {
  return (
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype &&
    Array.isArray(document.adoptedStyleSheets)
  );
}
