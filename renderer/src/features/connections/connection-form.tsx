/**
 * The form that adds a connection: name, base URL and API key, "Test connection" with a clear
 * verdict, and "Save and connect". Used by the first-run screen and by Settings. When no
 * keychain answers, the connection is saved without its key and the person is told why and
 * offered to keep the key for this session only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ConnectionVerdict, ConnectionView } from '../../../../shared/contract/values';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { applyBridgeFieldErrors } from './bridge-field-errors';
import {
  type ConnectionFormValues,
  connectionFormSchema,
  emptyConnectionForm,
} from './connection-form-schema';
import type { KeyStorage } from './connection-setup';
import { useSaveConnection, useTestConnection } from './use-connections';
import { VerdictMessage } from './verdict-message';

const FIELDS = ['name', 'baseUrl', 'apiKey'] as const;

export interface ConnectionFormProps {
  onSaved(connection: ConnectionView): void;
  submitLabel?: string;
}

export function ConnectionForm({ onSaved, submitLabel = 'Save and connect' }: ConnectionFormProps) {
  const form = useForm<ConnectionFormValues>({
    resolver: zodResolver(connectionFormSchema),
    defaultValues: emptyConnectionForm,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const test = useTestConnection();
  const save = useSaveConnection();
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Set once the connection is saved, so a second attempt updates it instead of clashing.
  const [savedId, setSavedId] = useState<string | undefined>();
  const [keychainProblem, setKeychainProblem] = useState<string | null>(null);

  const runTest = async () => {
    setVerdict(null);
    setProblem(null);
    if (!(await form.trigger(['baseUrl', 'apiKey']))) return;
    const { baseUrl, apiKey } = form.getValues();
    try {
      setVerdict(await test.mutateAsync({ baseUrl: baseUrl.trim(), apiKey: apiKey.trim() }));
    } catch (error) {
      if (!applyBridgeFieldErrors(error, FIELDS, form.setError)) setProblem(errorMessage(error));
    }
  };

  const submit = async (values: ConnectionFormValues, storage: KeyStorage) => {
    setProblem(null);
    try {
      const outcome = await save.mutateAsync({ ...values, id: savedId, storage });
      setSavedId(outcome.connection.id);
      if (outcome.kind === 'keychain-unavailable') setKeychainProblem(outcome.problem);
      else onSaved(outcome.connection);
    } catch (error) {
      if (!applyBridgeFieldErrors(error, FIELDS, form.setError)) setProblem(errorMessage(error));
    }
  };

  return (
    <form
      noValidate
      aria-label="New connection"
      className="flex flex-col gap-gap"
      onSubmit={form.handleSubmit((values) => submit(values, 'keychain'))}
    >
      <FormField label="Name" error={errors.name?.message}>
        {(control) => (
          <Input {...control} {...form.register('name')} placeholder="Main warehouse" />
        )}
      </FormField>
      <FormField
        label="API base URL"
        hint="https:// address of the Fulfillment API (plain http only on this computer)."
        error={errors.baseUrl?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('baseUrl')}
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://api.example.com"
          />
        )}
      </FormField>
      <FormField
        label="API key"
        hint="Kept in the system keychain; Packbench shows only its last four characters."
        error={errors.apiKey?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...form.register('apiKey')}
            type="password"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </FormField>

      {verdict && <VerdictMessage verdict={verdict} />}
      {problem && (
        <p role="alert" className="rounded-md bg-danger-soft p-2 text-sm text-danger">
          {problem}
        </p>
      )}
      {keychainProblem && (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md bg-warn-soft p-2 text-sm text-warn"
        >
          <p>
            <strong>The key could not be stored in the system keychain.</strong> {keychainProblem}{' '}
            The connection is saved without its key.
          </p>
          <Button
            className="self-start"
            busy={save.isPending}
            onClick={form.handleSubmit((values) => submit(values, 'session'))}
          >
            Use the key for this session only
          </Button>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void runTest()} busy={test.isPending}>
          Test connection
        </Button>
        <Button type="submit" tone="primary" busy={save.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
