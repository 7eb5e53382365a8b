/**
 * A stand-in for `react-style-singleton` (vite.config.ts aliases the package here), with the
 * same three exports. Radix's dialogs and menus lock the page's scroll through
 * react-remove-scroll, which adds its rules by inserting a <style> element at run time; the
 * console's CSP (`style-src 'self'`, no 'unsafe-inline', no nonce) refuses that element, so
 * every dialog logged a violation and the scroll lock's rules never applied. This version
 * gives the same rules to the document as a constructed stylesheet
 * (`document.adoptedStyleSheets`): CSSOM, which the CSP does not govern, so the policy stays
 * as strict as it is. Hand-written because the package offers no such mode (only a nonce).
 */
import { useEffect, useRef } from 'react';

export interface Stylesheet {
  add(style: string): void;
  remove(): void;
}

function supported(): boolean {
  return (
    typeof document !== 'undefined' &&
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype &&
    Array.isArray(document.adoptedStyleSheets)
  );
}

/** Added with the first user, removed with the last (the package's counting). */
export const stylesheetSingleton = (): Stylesheet => {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style) {
      if (counter === 0 && supported()) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter += 1;
    },
    remove() {
      counter -= 1;
      if (counter === 0 && sheet) {
        const gone = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== gone);
        sheet = null;
      }
    },
  };
};

/**
 * The package's rule: a user's styles apply once, as they were at mount, unless it is dynamic,
 * when new styles replace the old. (react-remove-scroll and its scroll bar, the users here,
 * are never dynamic.) The styles at mount are read through a ref, so the effect's
 * dependencies say exactly when it runs again.
 */
export const styleHookSingleton = () => {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    const atMount = useRef(styles);
    const dynamic = isDynamic ? styles : undefined;
    useEffect(() => {
      sheet.add(dynamic ?? atMount.current);
      return () => sheet.remove();
    }, [dynamic]);
  };
};

export const styleSingleton = () => {
  const useStyle = styleHookSingleton();
  const Sheet = ({ styles, dynamic }: { styles: string; dynamic?: boolean }) => {
    useStyle(styles, dynamic);
    return null;
  };
  return Sheet;
};
