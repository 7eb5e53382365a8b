/**
 * JSON Merge Patch (RFC 7396) for the opaque parts of the settings (`views`, `printing`): objects
 * merge key by key, `null` removes a key, anything else (arrays included) replaces. A standard
 * rule, so the renderer can change one saved view or remove it without resending the others.
 * In shared/: the main process stores with it, and the renderer applies the same patch to its
 * optimistic copy (and its tests stub the bridge with it).
 */

type Json = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Names that would reach Object.prototype if assigned; a settings file has no use for them. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Json = isPlainObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (FORBIDDEN.has(key)) continue;
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

export function mergeRecord(target: Json, patch: Json | undefined): Json {
  return patch === undefined ? target : (mergePatch(target, patch) as Json);
}

/**
 * One patch that does what `first` then `second` do: objects compose key by key, a later
 * `null` or value replaces. For a page that must hand over several queued changes at once
 * (use-view-state.ts, when the page goes away). One case a single merge patch cannot say:
 * `first` removes or replaces a key and `second` then sets it to an object; the composed
 * patch merges that object into what is stored instead of replacing it.
 */
export function composeMergePatches(first: unknown, second: unknown): unknown {
  if (!isPlainObject(first) || !isPlainObject(second)) return second;
  const out: Json = { ...first };
  for (const [key, value] of Object.entries(second)) {
    if (FORBIDDEN.has(key)) continue;
    out[key] = key in first ? composeMergePatches(first[key], value) : value;
  }
  return out;
}
