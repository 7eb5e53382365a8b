/**
 * A scanner's prefix or suffix key, as Settings keeps it: text like "F13", "Ctrl+]" or
 * "Ctrl+Shift+F2" (modifiers, then the key as KeyboardEvent.key names it, or its code such as
 * "BracketRight"). Many scanners can be programmed to send such a key before and after each
 * code; a person never types it, so it marks a scan for sure (scan-burst.ts).
 */

export interface KeyChord {
  key: string;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

/** The key and modifiers of a press, as far as a chord cares. */
export interface ChordPress {
  key: string;
  code: string;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

const MODIFIER_NAMES: Record<string, 'ctrl' | 'alt' | 'shift' | 'meta'> = {
  ctrl: 'ctrl',
  control: 'ctrl',
  alt: 'alt',
  option: 'alt',
  shift: 'shift',
  meta: 'meta',
  cmd: 'meta',
  super: 'meta',
};

const LONE_MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'CapsLock']);

/** Reads a chord from its text; null for empty or malformed text. */
export function parseChord(text: string | null | undefined): KeyChord | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return null;
  // "Ctrl++" is Ctrl and the plus key: the last part is the key even when it is "+".
  const parts = trimmed.endsWith('++')
    ? [...trimmed.slice(0, -2).split('+'), '+']
    : trimmed.split('+');
  const key = parts.pop()?.trim() ?? '';
  if (key === '') return null;
  const chord: KeyChord = { key, ctrl: false, alt: false, shift: false, meta: false };
  for (const part of parts) {
    const name = MODIFIER_NAMES[part.trim().toLowerCase()];
    if (!name) return null;
    chord[name] = true;
  }
  return chord;
}

/** The chord's text, as Settings keeps and shows it. */
export function formatChord(chord: KeyChord): string {
  const mods = [
    chord.ctrl ? 'Ctrl' : null,
    chord.alt ? 'Alt' : null,
    chord.shift ? 'Shift' : null,
    chord.meta ? 'Meta' : null,
  ].filter((m): m is string => m !== null);
  return [...mods, chord.key].join('+');
}

/**
 * The chord a key press makes, for recording a scanner's prefix; null for a modifier alone.
 * A character typed with Shift is its own key ("~"), so Shift is kept only for named keys.
 */
export function chordOf(press: ChordPress): KeyChord | null {
  if (LONE_MODIFIERS.has(press.key) || press.key === '' || press.key === 'Unidentified') {
    return null;
  }
  const single = press.key.length === 1;
  return {
    key: single && press.ctrl && !press.alt ? press.key.toLowerCase() : press.key,
    ctrl: press.ctrl,
    alt: press.alt,
    shift: single ? false : press.shift,
    meta: press.meta,
  };
}

/** True when the press is the chord (modifiers exactly; the key by name or by code). */
export function matchesChord(chord: KeyChord, press: ChordPress): boolean {
  if (chord.ctrl !== press.ctrl || chord.alt !== press.alt || chord.meta !== press.meta) {
    return false;
  }
  const single = chord.key.length === 1;
  if (!single && chord.shift !== press.shift) return false;
  if (press.key === chord.key || press.code === chord.key) return true;
  return single && press.key.toLowerCase() === chord.key.toLowerCase() && (press.ctrl || press.alt);
}

/** Words for Settings: "F13", "Ctrl + ]". */
export function chordWords(chord: KeyChord): string {
  return formatChord(chord).replace(/\+(?!$)/g, ' + ');
}

/** Keys a scanner's prefix or suffix must not be: a person uses them, or codes contain them. */
const PEOPLE_KEYS = new Set([
  'Enter',
  'Tab',
  'Escape',
  'Backspace',
  'Delete',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  ' ',
  'Space',
]);

/** Why a chord cannot be a scanner's prefix or suffix, in words; null when it can. */
export function chordProblem(chord: KeyChord): string | null {
  const plain = !chord.ctrl && !chord.alt && !chord.meta;
  if (plain && PEOPLE_KEYS.has(chord.key)) {
    return `“${chordWords(chord)}” is a key people use: choose one they never type, like F13 or Ctrl + ].`;
  }
  if (plain && /^[\p{L}\p{N}]$/u.test(chord.key)) {
    return `“${chordWords(chord)}” appears in codes and in typing: choose a key like F13 or Ctrl + ].`;
  }
  return null;
}
