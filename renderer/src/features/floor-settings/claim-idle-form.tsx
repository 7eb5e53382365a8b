/**
 * Settings → Floor: how long an order stays claimed at a station with no item verified there,
 * before another station may take it without an override. One value for the whole floor (kept
 * in its database), so it is shown once the station is on a floor; a typed value out of bounds
 * is named and kept in the field, never sent.
 */
import { type FormEvent, useEffect, useState } from 'react';
import {
  CLAIM_IDLE_MINUTES_MAX,
  CLAIM_IDLE_MINUTES_MIN,
  readClaimIdleMinutes,
} from '../../../../shared/contract/floor-claim-settings';
import { errorMessage } from '../../query/bridge-call';
import { Button } from '../../ui/button';
import { InputField } from '../../ui/form-controls';
import { toast } from '../../ui/toast-store';
import { useClaimSettings, useSaveClaimSettings } from './use-floor';

export function ClaimIdleForm() {
  const { data: view } = useClaimSettings();
  const save = useSaveClaimSettings();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (view) setTyped(String(view.claimIdleMinutes));
  }, [view]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readClaimIdleMinutes(typed);
    if (!read.ok) {
      setProblem(read.error);
      return;
    }
    setProblem(null);
    try {
      const saved = await save.mutateAsync(read.minutes);
      toast(`Orders left alone for ${saved.claimIdleMinutes} min are free at every station`, {
        tone: 'success',
      });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const who =
    view?.changedBy && view.changedAt
      ? `Set by ${view.changedBy} on ${new Date(view.changedAt).toLocaleString()}.`
      : 'Not changed yet (the default).';
  return (
    <form
      noValidate
      aria-label="Claims"
      className="mt-gap flex flex-col gap-gap border-t border-line pt-gap"
      onSubmit={submit}
    >
      <h3 className="text-sm font-semibold">Open orders</h3>
      <div className="flex items-end gap-2">
        <div className="w-96">
          <InputField
            label="Free an open order left alone for (minutes)"
            value={typed}
            inputMode="numeric"
            onChange={(e) => {
              setTyped(e.target.value);
              setProblem(null);
            }}
          />
        </div>
        <Button type="submit" busy={save.isPending}>
          Save
        </Button>
      </div>
      <p className="text-xs text-muted">
        Every item scanned keeps the order with its packer. {CLAIM_IDLE_MINUTES_MIN} to{' '}
        {CLAIM_IDLE_MINUTES_MAX} minutes, the same at every station. {who}
      </p>
      {view?.floor === 'offline' && (
        <p className="text-sm text-warn">
          The floor cannot be reached: this is the last idle time known at this station, and it can
          be changed once the floor is back.
        </p>
      )}
      {problem && (
        <p role="alert" className="rounded-md bg-danger-soft p-2 text-sm text-danger">
          {problem}
        </p>
      )}
    </form>
  );
}
