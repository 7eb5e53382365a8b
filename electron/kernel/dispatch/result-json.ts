/**
 * A bridge answer as JSON text, for the transport that sends text (browser mode's HTTP host).
 *
 * An API answer handed on exactly as it was parsed (every page with no row set aside, every
 * detail) carries the text it was parsed from, and that text is written in place of
 * serialising the value again: JSON.stringify of a 500-order page costs about as much CPU as
 * parsing it, for the same bytes. Safe because the text parsed as one JSON value, so splicing
 * it in gives valid JSON holding exactly the value the bridge checked. A value changed after
 * parsing (a page with rows set aside is a new object) has no text and is serialised as usual.
 *
 * The text rides on the value itself, under a symbol key that is not enumerable: JSON,
 * structured clone (Electron's IPC), object spread and Object.assign all leave it out, and it
 * goes when the value goes (no table keyed by identity beside it).
 */
import type { BridgeError } from '@shared/contract/bridge-error';
import type { Result } from '@shared/result';

const SOURCE_TEXT = Symbol('source JSON text');

/** Records the text `value` was parsed from; only objects (arrays included) carry it. */
export function keepSourceText(value: unknown, text: string): void {
  if (value !== null && typeof value === 'object' && Object.isExtensible(value)) {
    Object.defineProperty(value, SOURCE_TEXT, {
      value: text,
      enumerable: false,
      writable: true,
      configurable: true,
    });
  }
}

/** The answer as JSON; throws like JSON.stringify for a value JSON cannot write. */
export function resultJson(result: Result<unknown, BridgeError>): string {
  if (result.ok && result.value !== null && typeof result.value === 'object') {
    const text = (result.value as { [SOURCE_TEXT]?: unknown })[SOURCE_TEXT];
    if (typeof text === 'string') return `{"ok":true,"value":${text}}`;
  }
  return JSON.stringify(result);
}
