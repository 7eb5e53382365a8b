/**
 * What the person is typing into a field that stands for a value kept elsewhere (a filter, a
 * page number): the draft while they type, the value itself again whenever it changes
 * elsewhere (Clear filters, a saved view, the page turned). Derived while rendering: no
 * effect copies the value into state a frame late.
 */
import { useState } from 'react';

export function useDraft(value: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState<{ of: string; text: string } | null>(null);
  const text = draft !== null && draft.of === value ? draft.text : value;
  return [text, (next: string) => setDraft({ of: value, text: next })];
}
