/**
 * A bridge answer as JSON text, for the transport that sends text (browser mode's HTTP host).
 *
 * An API answer handed on exactly as it was parsed (every page with no row set aside, every
 * detail) keeps the text it was parsed from, and that text is written in place of serialising
 * the value again: JSON.stringify of a 500-order page costs about as much CPU as parsing it, for
 * the same bytes. Safe because the text parsed as one JSON value, so splicing it in gives valid
 * JSON holding exactly the value the bridge checked. A value changed after parsing (a page with
 * rows set aside is a new object) has no text and is serialised as usual.
 */
import type { BridgeError } from '@shared/contract/bridge-error';
import type { Result } from '@shared/result';

const sourceTexts = new WeakMap<object, string>();

/** Records the text `value` was parsed from; only objects (arrays included) are kept. */
export function keepSourceText(value: unknown, text: string): void {
  if (value !== null && typeof value === 'object') sourceTexts.set(value, text);
}

/** The answer as JSON; throws like JSON.stringify for a value JSON cannot write. */
export function resultJson(result: Result<unknown, BridgeError>): string {
  if (result.ok && result.value !== null && typeof result.value === 'object') {
    const text = sourceTexts.get(result.value);
    if (text !== undefined) return `{"ok":true,"value":${text}}`;
  }
  return JSON.stringify(result);
}
