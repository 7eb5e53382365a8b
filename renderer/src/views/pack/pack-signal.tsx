/**
 * What the last scan did, large, at the top of the pack screen: a packer glances at it while
 * their hands are in the box. Red for a wrong item, one too many, an unreadable quantity or a
 * scan behind the closed gate (nothing was counted), green for a counted unit and for a
 * finished order with what was printed; an order finished without a label is red: it is not
 * ready to ship. A number being typed (a multi-unit line) shows as it is typed.
 */
import type { PackSignal } from '../../features/packing/pack-store';
import type { PrintState } from '../../features/packing/use-pack-session';
import { cn } from '../../ui/cn';

export function PackSignalBanner({
  signal,
  print,
  remaining,
  noLabel = false,
  typing = '',
}: {
  signal: PackSignal | null;
  print: PrintState;
  remaining: number;
  /** The order was let through without a label: it cannot end green. */
  noLabel?: boolean;
  /** Digits typed so far for a multi-unit line. */
  typing?: string;
}) {
  const said = words(signal, print, remaining);
  const { tone, title, detail } =
    signal?.kind === 'complete' && noLabel
      ? { ...said, ...noLabelWords(print), tone: 'bad' as const }
      : said;
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
      {typing !== '' && (
        <p className="text-base font-semibold" data-testid="pack-typing">
          Typed {typing}: press Enter to count {typing} in all of the item just scanned (Esc clears)
        </p>
      )}
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
    case 'malformed':
      return {
        tone: 'bad',
        title: `${signal.line.sku || signal.line.name}: the quantity cannot be read`,
        detail: `The order gives ${signal.line.problem}. Nothing counted. ${left}.`,
      };
    case 'gated':
      return {
        tone: 'bad',
        title: 'Stopped: this order must not be packed as it is',
        detail: 'Nothing counted. Read the red box above.',
      };
    case 'type-first':
      return {
        tone: 'bad',
        title: `Scan the item first, then type ${signal.typed}`,
        detail: `The number counts on the item scanned last. Nothing counted. ${left}.`,
      };
    case 'typed':
      return {
        tone: 'good',
        title: `${signal.line.sku}: ${signal.total} of ${signal.line.qty} counted`,
        detail: `${signal.added} added by the number typed. ${left}.`,
      };
    case 'capped':
      return {
        tone: 'bad',
        title: `${signal.typed} typed, but ${signal.line.sku} needs ${signal.line.qty}`,
        detail: `${signal.line.qty} counted; take ${signal.typed - signal.line.qty} out. ${left}.`,
      };
    case 'not-more':
      return {
        tone: 'bad',
        title: `${signal.line.sku}: ${signal.done} counted already`,
        detail: `Typing ${signal.typed} counts nothing more. To count again from zero, press Shift+R. ${left}.`,
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

/** The end of an order let through without a label: the slip printed, and what to do now. */
function noLabelWords(print: PrintState): { title: string; detail: string } {
  const slip =
    print.kind === 'printing'
      ? 'Printing the slip… '
      : print.kind === 'printed'
        ? `${print.title}. `
        : '';
  return {
    title: 'No label — not ready to ship',
    detail: `${slip}Every item verified, but the order has no shipping label. Put the parcel on the no-label shelf and tell a supervisor: the label is bought in the shop, then scan the order again to print it.`,
  };
}
