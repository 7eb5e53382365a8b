/**
 * Replaces the API key of a saved connection (a rotated key, or one saved while no keychain
 * answered). Offers "this session only" when the keychain is unavailable.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ConnectionView } from '../../../../shared/contract/values';
import { BridgeCallError, errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { registered } from '../../ui/form-controls';
import { toast } from '../../ui/toast-store';
import { ApiKeyField } from './api-key-field';
import { type ApiKeyFormValues, apiKeyFormSchema } from './connection-form-schema';
import { useSetKey } from './use-connections';

export interface SetKeyDialogProps {
  connection: ConnectionView;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function SetKeyDialog({ connection, open, onOpenChange }: SetKeyDialogProps) {
  const form = useForm<ApiKeyFormValues>({
    resolver: zodResolver(apiKeyFormSchema),
    defaultValues: { apiKey: '' },
  });
  const setKey = useSetKey();
  const [problem, setProblem] = useState<string | null>(null);
  const [keychainDown, setKeychainDown] = useState(!connection.key.keychainAvailable);

  const submit = (storage: 'keychain' | 'session') =>
    form.handleSubmit(async ({ apiKey }) => {
      setProblem(null);
      try {
        await setKey.mutateAsync({ connectionId: connection.id, apiKey: apiKey.trim(), storage });
        toast(`Key saved for ${connection.name}`, { tone: 'success' });
        form.reset();
        onOpenChange(false);
      } catch (error) {
        if (error instanceof BridgeCallError && error.code === 'keychain_unavailable') {
          setKeychainDown(true);
        }
        setProblem(errorMessage(error));
      }
    });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`API key for ${connection.name}`}
      description={
        connection.key.hasKey
          ? `The saved key ends in …${connection.key.last4 ?? ''}. A new key replaces it.`
          : 'No key is saved for this connection yet.'
      }
    >
      <form noValidate onSubmit={submit('keychain')} className="flex flex-col gap-gap">
        <ApiKeyField field={registered(form, 'apiKey')} />
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {keychainDown && (
            <Button busy={setKey.isPending} onClick={submit('session')}>
              Use for this session only
            </Button>
          )}
          <Button type="submit" tone="primary" busy={setKey.isPending}>
            Save key
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
