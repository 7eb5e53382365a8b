/**
 * What each system printer takes, when the person knows better than the detection (a Zebra
 * queue whose driver takes PDF too, a generic queue that is really a label printer). A change
 * is saved at once; the printer list follows, and so do the route choices.
 */
import type { PrinterView } from '../../../../shared/contract/printing-values';
import { Card } from '../../ui/card';
import { WordOptions } from '../../ui/form-controls';
import { Select } from '../../ui/select';
import { toastFailure } from '../../ui/toast-store';
import { useUpdatePrinting } from './use-printing-settings';

type Language = 'pdf' | 'zpl' | 'both';

const LABELS: Record<Language, string> = { pdf: 'PDF', zpl: 'ZPL (raw)', both: 'PDF and ZPL' };

export function PrinterLanguagesCard({
  printers,
  overrides,
}: {
  printers: readonly PrinterView[];
  overrides: Record<string, Language>;
}) {
  const update = useUpdatePrinting();
  // System printers only: network and folder printers say what they take themselves.
  const cups = printers.filter((p) => p.kind === 'cups' || p.kind === 'windows');
  const change = (id: string, value: string) =>
    update.mutate(
      { printerLanguages: { [id]: value === '' ? null : (value as Language) } },
      { onError: (error) => toastFailure('The printer language was not saved', error) },
    );
  return (
    <Card
      title="Printer languages"
      level={3}
      description="What each system printer takes. Detected from its driver; change it if the detection is wrong."
    >
      {cups.length === 0 ? (
        <p className="text-sm text-muted">No system printer is known.</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="System printers">
          {cups.map((p) => {
            const id = `lang-${p.id}`;
            return (
              <li key={p.id} className="flex flex-wrap items-center gap-3 text-sm">
                <label htmlFor={id} className="min-w-40 font-medium">
                  {p.name}
                </label>
                <Select
                  id={id}
                  className="w-56"
                  value={overrides[p.id] ?? ''}
                  disabled={update.isPending}
                  onChange={(e) => change(p.id, e.target.value)}
                >
                  <option value="">
                    As detected
                    {overrides[p.id]
                      ? ''
                      : ` (${p.accepts.map((f) => f.toUpperCase()).join(', ')})`}
                  </option>
                  <WordOptions words={LABELS} />
                </Select>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
