/**
 * What the customer or the shop wrote that changes how the parcel is packed: the order's note
 * (delivery instructions, "no invoice, it is a gift"), a gift message to put in the box, a
 * preferred delivery date, and any other note attribute about delivery or instructions.
 * Shown only when present; the order's other fields stay on its full page.
 */
import { Gift, StickyNote, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Api } from '../../../../shared/contract/values';
import { openJson } from '../../ui/format/open-json';

interface Note {
  key: string;
  label: string;
  text: string;
  icon: ReactNode;
}

/** Note attributes by name (`gift_message`, …) shown here, in words. */
const ATTRIBUTE_LABELS: Record<string, string> = {
  gift_message: 'Gift message',
  gift_note: 'Gift message',
  delivery_instructions: 'Delivery instructions',
  preferred_delivery_date: 'Preferred delivery date',
};

/** An attribute whose name says it is about delivery or packing, though not listed above. */
const ABOUT_PACKING = /gift|deliver|instruction|packing/i;

function wordsOf(name: string): string {
  const spaced = name.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export function packNotes(order: Api['Order']): Note[] {
  const notes: Note[] = [];
  const note = order.note?.trim();
  if (note) {
    notes.push({ key: 'note', label: 'Order note', text: note, icon: <StickyNote aria-hidden /> });
  }
  for (const [i, attr] of openJson.objects(order.note_attributes).entries()) {
    const name = openJson.text(attr.name)?.trim() ?? '';
    const text = openJson.text(attr.value)?.trim();
    if (!text || !(name in ATTRIBUTE_LABELS || ABOUT_PACKING.test(name))) continue;
    const gift = /gift/i.test(name);
    notes.push({
      key: `${name}-${i}`,
      label: ATTRIBUTE_LABELS[name] ?? wordsOf(name),
      text,
      icon: gift ? <Gift aria-hidden /> : <Truck aria-hidden />,
    });
  }
  return notes;
}

export function PackNotes({ order }: { order: Api['Order'] }) {
  const notes = packNotes(order);
  if (notes.length === 0) return null;
  return (
    <ul
      aria-label="Notes for packing"
      data-testid="pack-notes"
      className="flex flex-col gap-1 rounded-md border-2 border-warn bg-warn-soft px-3 py-2"
    >
      {notes.map((n) => (
        <li key={n.key} className="flex items-start gap-2 text-base" data-testid="pack-note">
          <span className="mt-0.5 size-5 shrink-0 [&>svg]:size-5">{n.icon}</span>
          <span>
            <span className="font-semibold">{n.label}:</span> {n.text}
          </span>
        </li>
      ))}
    </ul>
  );
}
