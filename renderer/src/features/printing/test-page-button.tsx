/**
 * "Print test page" for one route: a page (or a ZPL label) through the route as saved, so the
 * person sees on paper that the printer, the paper and the size are right.
 */
import { useMutation } from '@tanstack/react-query';
import type { PrintRouteKind } from '../../../../shared/contract/printing-settings';
import { callBridge, errorMessage } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { outcomeSentence } from './print-outcome';

export function TestPageButton({
  kind,
  disabled,
  label,
  className,
}: {
  kind: PrintRouteKind;
  disabled?: boolean;
  /** The accessible name: which route's test page. */
  label: string;
  className?: string;
}) {
  const client = useBridge();
  const print = useMutation({
    mutationFn: () => callBridge(client, 'printTestPage', { kind }),
    onSuccess: (outcome) => toast(`Test page: ${outcomeSentence(outcome)}`, { tone: 'success' }),
    onError: (error) =>
      toast('The test page was not printed', { tone: 'error', description: errorMessage(error) }),
  });
  return (
    <Button
      aria-label={label}
      className={className}
      disabled={disabled}
      busy={print.isPending}
      onClick={() => print.mutate()}
    >
      Print test page
    </Button>
  );
}
