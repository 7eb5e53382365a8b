/**
 * The values seen so far in a list, this session (sorted, without blanks): suggestions for a
 * filter the API has no list of values for (carriers, exception codes). Grows as pages come;
 * the update happens while rendering, against what was seen before, so no effect runs.
 */
import { useState } from 'react';

export function useSeenValues(values: readonly (string | null | undefined)[]): string[] {
  const [seen, setSeen] = useState<string[]>([]);
  const fresh = values.filter((v): v is string => typeof v === 'string' && v !== '');
  if (!fresh.every((v) => seen.includes(v))) {
    const next = [...new Set([...seen, ...fresh])].sort();
    setSeen(next);
    return next;
  }
  return seen;
}
