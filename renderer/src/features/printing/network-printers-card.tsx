/**
 * Network label printers (a Zebra on TCP 9100): the saved ones with Remove, and a small form
 * to add one by name, host and port. The list is saved whole (a merge patch replaces arrays).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { NetworkPrinter } from '../../../../shared/contract/printing-settings';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { InputField, registered } from '../../ui/form-controls';
import { type NetworkPrinterFormValues, networkPrinterFormSchema } from './settings-form-schemas';
import { useSavePrinting } from './use-printing-settings';

const EMPTY: NetworkPrinterFormValues = { name: '', host: '', port: '9100' };

export function NetworkPrintersCard({ saved }: { saved: readonly NetworkPrinter[] }) {
  const { save: savePrinting, problem, busy } = useSavePrinting();
  const form = useForm<NetworkPrinterFormValues>({
    resolver: zodResolver(networkPrinterFormSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const save = async (networkPrinters: NetworkPrinter[]): Promise<boolean> =>
    (await savePrinting({ networkPrinters })) !== null;

  const add = form.handleSubmit(async (values) => {
    const printer = {
      name: values.name.trim(),
      host: values.host.trim(),
      port: Number(values.port),
    };
    if (saved.some((p) => p.host === printer.host && p.port === printer.port)) {
      form.setError('host', { message: `${printer.host}:${printer.port} is already in the list.` });
      return;
    }
    if (await save([...saved, printer])) form.reset(EMPTY);
  });

  return (
    <Card
      title="Network label printers"
      level={3}
      description="Label printers reached over the network on a raw port (usually 9100), without a system queue."
    >
      {saved.length > 0 ? (
        <ul aria-label="Network label printers" className="mb-gap flex flex-col">
          {saved.map((p) => (
            <li
              key={`${p.host}:${p.port}`}
              aria-label={p.name}
              className="flex items-center gap-3 border-t border-line py-1.5 text-sm first:border-t-0"
            >
              <span className="font-medium">{p.name}</span>
              <span className="text-muted">
                {p.host}:{p.port}
              </span>
              <Button
                tone="ghost"
                className="ml-auto"
                aria-label={`Remove ${p.name}`}
                busy={busy}
                onClick={() => void save(saved.filter((q) => q !== p))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-gap text-sm text-muted">No network printer is added.</p>
      )}
      <form
        noValidate
        aria-label="Add a network label printer"
        onSubmit={add}
        className="grid grid-cols-1 gap-gap sm:grid-cols-[1.5fr_1.5fr_6rem_auto] sm:items-start"
      >
        <InputField label="Printer name" {...registered(form, 'name')} placeholder="e.g. Zebra 2" />
        <InputField
          label="Host"
          {...registered(form, 'host')}
          spellCheck={false}
          placeholder="e.g. 10.0.0.7"
        />
        <InputField label="Port" {...registered(form, 'port')} inputMode="numeric" />
        <Button type="submit" className="sm:mt-6" busy={busy}>
          Add printer
        </Button>
      </form>
      {problem && (
        <p role="alert" className="mt-2 rounded-md bg-danger-soft p-2 text-sm text-danger">
          Not saved: {problem}
        </p>
      )}
    </Card>
  );
}
