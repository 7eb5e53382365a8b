/**
 * "Try the sandbox": starts the embedded sandbox (seeded demo data) and connects to it. Also
 * offered when a saved sandbox connection has lost its key (the sandbox's key lasts one run).
 */
import { FlaskConical } from 'lucide-react';
import { errorMessage } from '../../query/bridge-call';
import { Button, type ButtonProps } from '../../ui/button';
import { useStartSandbox } from './use-connections';

export function TrySandboxButton({
  label = 'Try the sandbox',
  ...rest
}: Omit<ButtonProps, 'onClick'> & { label?: string }) {
  const start = useStartSandbox();
  return (
    <div className="flex flex-col gap-2">
      <Button {...rest} busy={start.isPending} onClick={() => start.mutate()}>
        <FlaskConical aria-hidden className="size-4" />
        {label}
      </Button>
      {start.isError && (
        <p role="alert" className="text-sm text-danger">
          The sandbox did not start: {errorMessage(start.error)}
        </p>
      )}
    </div>
  );
}
