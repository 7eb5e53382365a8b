/**
 * React keys for lists whose natural key (an id) is unique in real answers but may repeat in
 * a schema-valid one (ids are optional there): the first occurrence keeps its id as key, a
 * repeat gets "id~2", "id~3"… So real rows keep stable identities and odd answers never make
 * React drop or duplicate rows.
 */
export function withKeys<T>(
  items: readonly T[],
  keyOf: (item: T) => string | number | null | undefined,
): { item: T; key: string }[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = String(keyOf(item) ?? '∅');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { item, key: n === 1 ? base : `${base}~${n}` };
  });
}
