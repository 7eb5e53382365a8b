/**
 * The form that adds a connection: name, base URL and API key, "Test connection" with a clear
 * verdict, and "Save and connect". Used by the first-run screen and by Settings. "Save and
 * connect" tests the key first: a key the API refuses (or an address that does not answer)
 * is not saved; the verdict says why, and "Save anyway" is an explicit second step for
 * whoever knows better (a key that starts working tomorrow, a server down for a moment).
 * When no keychain answers, the connection is saved without its key and the person is told
 * why and offered to keep the key for this session only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ConnectionVerdict, ConnectionView } from '../../../../shared/contract/values';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { InputField, registered } from '../../ui/form-controls';
import { ApiKeyField } from './api-key-field';
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
  const test = useTestConnection();
  const save = useSaveConnection();
  const [verdict, setVerdict] = useState<ConnectionVerdict | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Set once the connection is saved, so a second attempt updates it instead of clashing.
  const [savedId, setSavedId] = useState<string | undefined>();
  const [keychainProblem, setKeychainProblem] = useState<string | null>(null);
  // The values "Save and connect" tested and found refused: "Save anyway" saves exactly them.
  const [refused, setRefused] = useState<ConnectionFormValues | null>(null);

  /** The verdict for these values, shown; null when the test itself could not run. */
  const check = async (values: Pick<ConnectionFormValues, 'baseUrl' | 'apiKey'>) => {
    setVerdict(null);
    setProblem(null);
    try {
      const answer = await test.mutateAsync({
        baseUrl: values.baseUrl.trim(),
        apiKey: values.apiKey.trim(),
      });
      setVerdict(answer);
      return answer;
    } catch (error) {
      if (!applyBridgeFieldErrors(error, FIELDS, form.setError)) setProblem(errorMessage(error));
      return null;
    }
  };

  const runTest = async () => {
    setRefused(null);
    if (!(await form.trigger(['baseUrl', 'apiKey']))) return;
    await check(form.getValues());
  };

  const submit = async (
    values: ConnectionFormValues,
    storage: KeyStorage,
    tested: 'test first' | 'save anyway' = 'test first',
  ) => {
    setRefused(null);
    if (tested === 'test first' && !keychainProblem) {
      const answer = await check(values);
      if (!answer) return;
      if (!answer.ok) {
        setRefused(values);
        return;
      }
    }
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
      <InputField label="Name" {...registered(form, 'name')} placeholder="e.g. Main warehouse" />
      <InputField
        label="API base URL"
        hint="https:// address of the Fulfillment API (plain http only on this computer)."
        {...registered(form, 'baseUrl')}
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="e.g. https://api.example.com"
      />
      <ApiKeyField
        field={registered(form, 'apiKey')}
        hint="Kept in the system keychain; Packbench shows only its last four characters."
      />

      {verdict && <VerdictMessage verdict={verdict} />}
      {refused && (
        <div
          role="alert"
          data-testid="not-saved"
          className="flex flex-col gap-2 rounded-md border border-warn bg-warn-soft p-2 text-sm text-warn"
        >
          <p>
            <strong>Not saved.</strong> Packbench saves a connection once the service accepts its
            key. Check the address and the key, or save it as it is if you know it will work later.
          </p>
          <Button
            className="self-start"
            busy={save.isPending}
            onClick={() => void submit(refused, 'keychain', 'save anyway')}
          >
            Save anyway
          </Button>
        </div>
      )}
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
        <Button type="submit" tone="primary" busy={save.isPending || (test.isPending && !verdict)}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
