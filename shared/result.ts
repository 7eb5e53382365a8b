/**
 * What crosses the process boundary: a value or a typed error, never a thrown exception
 * (Signal Desktop's pattern). The bridge contract builds on this.
 */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
