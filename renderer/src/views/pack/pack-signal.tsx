/**
 * What the last scan did, large, at the top of the pack screen: a packer glances at it while
 * their hands are in the box. Red for a wrong item or one too many (nothing was counted),
 * green for a counted unit and for a finished order with what was printed.
 */
import type { PackSignal } from '../../features/packing/pack-store';
import type { PrintState } from '../../features/packing/use-pack-session';
import { cn } from '../../ui/cn';

export function PackSignalBanner({
  signal,
  print,
  remaining,
}: {
  signal: PackSignal | null;
  print: PrintState;
  remaining: number;
}) {
  const { tone, title, detail } = words(signal, print, remaining);
  return (
    <div
      role="status"
      aria-live="assertive"
      data-testid="pack-signal"
      data-tone={tone}
      data-print={print.kind}
      className={cn(
        'rounded-md border-2 px-4 py-2',
        tone === 'bad' && 'border-danger bg-danger-soft',
        tone === 'good' && 'border-ok bg-ok-soft',
        tone === 'plain' && 'border-line bg-surface',
      )}
    >
      <p className="text-xl font-semibold">{title}</p>
      {detail && <p className="text-base">{detail}</p>}
    </div>
  );
}

function words(
  signal: PackSignal | null,
  print: PrintState,
  remaining: number,
): { tone: 'good' | 'bad' | 'plain'; title: string; detail?: string } {
  const left = `${remaining} ${remaining === 1 ? 'unit' : 'units'} to go`;
  if (!signal)
    return { tone: 'plain', title: 'Scan each item as it goes in the box', detail: left };
  switch (signal.kind) {
    case 'wrong':
      if (signal.what === null) {
        return {
          tone: 'bad',
          title: `Unknown code: ${signal.code}`,
          detail: `Not an item of this order, nor any order, return or product. Nothing counted. ${left}.`,
        };
      }
      return {
        tone: 'bad',
        title: `Wrong item: ${signal.what ?? signal.code} is not on this order`,
        detail: `Nothing counted. Take it out. ${left}.`,
      };
    case 'over':
      return {
        tone: 'bad',
        title: `One too many: ${signal.line.sku} (${signal.line.qty} already verified)`,
        detail: `Nothing counted. Take one out. ${left}.`,
      };
    case 'counted':
      return {
        tone: 'good',
        title: `${signal.line.sku} counted${signal.byHand ? ' by hand' : ''}`,
        detail: left,
      };
    case 'complete':
      return { tone: 'good', ...finished(print) };
  }
}

function finished(print: PrintState): { title: string; detail?: string } {
  switch (print.kind) {
    case 'printing':
      return { title: 'Every item verified', detail: `Printing the ${print.what}…` };
    case 'printed':
      return {
        title: `Every item verified. ${print.title}`,
        detail: `${print.description ? `${print.description} ` : ''}Scan the next order.`,
      };
    case 'off':
      return { title: 'Every item verified', detail: 'Auto-print is off. Scan the next order.' };
    case 'idle':
      return { title: 'Every item verified', detail: 'Scan the next order.' };
  }
}
