/**
 * Settings → Floor: the floor's shared database (PostgreSQL) that lets the stations on one
 * account share claims, pack marks and review marks. Host, port, database, user and TLS are
 * kept in the settings; the password goes to the system keychain and is never shown again.
 * Test connection says exactly what is wrong; TLS off for another computer needs a checked
 * warning first. Leaving the floor makes this station work alone, as before.
 */
import { Network } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import type {
  FloorConnectionArgs,
  FloorSettingsView,
  FloorTestVerdict,
  FloorTlsMode,
} from '../../../../shared/contract/floor-values';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CheckboxRow } from '../../ui/checkbox-row';
import { InputField, SelectField, WordOptions } from '../../ui/form-controls';
import { toast } from '../../ui/toast-store';
import { ClaimIdleForm } from './claim-idle-form';
import { useFloorSettings, useSaveFloor, useTestFloor } from './use-floor';

interface Draft {
  host: string;
  port: string;
  database: string;
  user: string;
  password: string;
  tls: FloorTlsMode;
  allowPlain: boolean;
}

const EMPTY: Draft = {
  host: '',
  port: '5432',
  database: 'packbench_floor',
  user: '',
  password: '',
  tls: 'require',
  allowPlain: false,
};

const TLS_WORDS: Record<FloorTlsMode, string> = {
  verify: 'Required, certificate checked',
  require: 'Required (encrypted)',
  off: 'Off (no encryption)',
};

/** This computer (as the main process judges it too): TLS off needs no warning there. */
const isLoopback = (host: string) =>
  /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host.trim()) || host.trim().startsWith('/');

function draftOf(view: FloorSettingsView | undefined): Draft {
  const s = view?.settings;
  return s ? { ...EMPTY, ...s, port: String(s.port) } : EMPTY;
}

function argsOf(draft: Draft): FloorConnectionArgs | string {
  const port = Number(draft.port);
  if (!draft.host.trim()) return 'Type the floor database’s host name or address.';
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return 'The port is a whole number from 1 to 65535 (PostgreSQL’s usual one is 5432).';
  }
  if (!draft.database.trim()) return 'Type the database’s name.';
  if (!draft.user.trim()) return 'Type the user name the floor database gave this station.';
  return {
    host: draft.host.trim(),
    port,
    database: draft.database.trim(),
    user: draft.user.trim(),
    tls: draft.tls,
    ...(draft.password ? { password: draft.password } : {}),
    ...(draft.tls === 'off' && !isLoopback(draft.host) ? { allowPlain: draft.allowPlain } : {}),
  };
}

const STATUS_WORDS = {
  online: 'On the floor',
  offline: 'Floor offline',
  'not-configured': 'Not on a floor: this station works alone',
} as const;

export function FloorSection() {
  const { data: view } = useFloorSettings();
  const test = useTestFloor();
  const save = useSaveFloor();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [verdict, setVerdict] = useState<FloorTestVerdict | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setDraft(draftOf(view)), [view]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setVerdict(null);
  };
  /** A typed field of the draft: its value, and what is typed written back. */
  const typed = (key: 'host' | 'port' | 'database' | 'user' | 'password') => ({
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.value),
  });
  const plainElsewhere = draft.tls === 'off' && draft.host.trim() !== '' && !isLoopback(draft.host);

  const checked = (): FloorConnectionArgs | null => {
    setProblem(null);
    const args = argsOf(draft);
    if (typeof args === 'string') {
      setProblem(args);
      return null;
    }
    if (plainElsewhere && !draft.allowPlain) {
      setProblem('Tick the warning about TLS being off, or choose a TLS setting.');
      return null;
    }
    return args;
  };

  const runTest = async () => {
    const args = checked();
    if (!args) return;
    setVerdict(null);
    try {
      setVerdict(await test.mutateAsync(args));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const args = checked();
    if (!args) return;
    try {
      const saved = await save.mutateAsync(args);
      setDraft((d) => ({ ...d, password: '' }));
      toast(
        saved.status === 'online'
          ? 'This station is on the floor'
          : `Saved; the floor is not reachable yet: ${saved.problem ?? ''}`,
        { tone: saved.status === 'online' ? 'success' : 'warning' },
      );
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const leave = async () => {
    try {
      await save.mutateAsync(null);
      setVerdict(null);
      toast('This station left the floor and works alone', { tone: 'success' });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <Card
      title="Floor"
      description="Stations on one account share claims, pack marks and review marks through one database (PostgreSQL) that your IT runs. Without it, this station works alone."
    >
      {view && (
        <p className="mb-gap flex items-center gap-2 text-sm" data-testid="floor-status">
          <Network aria-hidden className="size-4" />
          <strong>{STATUS_WORDS[view.status]}</strong>
          {view.status !== 'not-configured' && <span>as {view.stationName}</span>}
          {view.status === 'offline' && view.problem && (
            <span className="text-warn">— {view.problem}</span>
          )}
        </p>
      )}
      <form
        noValidate
        aria-label="Floor database"
        className="flex flex-col gap-gap"
        onSubmit={submit}
      >
        <div className="grid grid-cols-[minmax(0,3fr)_minmax(0,1fr)] gap-gap">
          <InputField
            label="Host"
            {...typed('host')}
            spellCheck={false}
            placeholder="e.g. floor-db.warehouse.local"
          />
          <InputField label="Port" {...typed('port')} inputMode="numeric" />
        </div>
        <div className="grid grid-cols-2 gap-gap">
          <InputField label="Database" {...typed('database')} spellCheck={false} />
          <InputField label="User" {...typed('user')} spellCheck={false} autoComplete="off" />
        </div>
        <div className="grid grid-cols-2 gap-gap">
          <InputField
            label="Password"
            type="password"
            autoComplete="new-password"
            {...typed('password')}
            hint={
              view?.hasPassword
                ? 'Kept in the system keychain. Leave empty to keep it.'
                : 'Kept in the system keychain, never in a file.'
            }
          />
          <SelectField
            label="TLS"
            value={draft.tls}
            onChange={(e) => set('tls', e.target.value as FloorTlsMode)}
          >
            <WordOptions words={TLS_WORDS} />
          </SelectField>
        </div>
        {plainElsewhere && (
          <div
            role="alert"
            className="rounded-md border border-warn bg-warn-soft p-2 text-sm text-warn"
          >
            <CheckboxRow checked={draft.allowPlain} onChange={(value) => set('allowPlain', value)}>
              I understand: without TLS the password and the floor’s data cross the network
              unencrypted, readable by anyone on it.
            </CheckboxRow>
          </div>
        )}
        {verdict && (
          <p
            role="status"
            data-testid="floor-verdict"
            className={
              verdict.ok
                ? 'rounded-md bg-ok-soft p-2 text-sm text-ok'
                : 'rounded-md bg-danger-soft p-2 text-sm text-danger'
            }
          >
            {verdict.message}
          </p>
        )}
        {problem && (
          <p role="alert" className="rounded-md bg-danger-soft p-2 text-sm text-danger">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void runTest()} busy={test.isPending}>
            Test connection
          </Button>
          <Button type="submit" tone="primary" busy={save.isPending}>
            Save and join the floor
          </Button>
          {view?.settings && (
            <Button tone="ghost" onClick={() => void leave()}>
              Leave the floor
            </Button>
          )}
        </div>
      </form>
      {view?.settings && <ClaimIdleForm />}
    </Card>
  );
}
