/**
 * Settings → Station, "Stops at the pack screen": which of the pack gate's stops a packer may
 * override (Ctrl+Enter and a reason, kept in the pack log) and which no one passes at the
 * station. Cancelled and refunded orders are unskippable unless a supervisor says otherwise.
 */
import { PACK_GATES, type PackGateKind } from '../../../../shared/contract/station-settings';
import { Card } from '../../ui/card';
import { CheckboxRow } from '../../ui/checkbox-row';
import { NOT_SAVED_TOAST } from '../../ui/toast-store';
import { GATE_WORDS } from './pack-gate';
import { useStationSettings, useUpdateStation } from './use-station-settings';

export function GateSettingsCard() {
  const station = useStationSettings();
  const update = useUpdateStation();
  const locked = new Set<PackGateKind>(station.unskippableGates);
  const toggle = (kind: PackGateKind, on: boolean) => {
    const next = PACK_GATES.filter((k) => (k === kind ? on : locked.has(k)));
    update.mutate({ unskippableGates: next }, NOT_SAVED_TOAST);
  };
  return (
    <Card
      title="Stops at the pack screen"
      level={3}
      description="An order that must not ship is stopped before anything is counted or printed. A packer can pass a stop on purpose with Ctrl+Enter and a reason, kept in the pack log, unless it is ticked here."
    >
      <fieldset className="flex flex-col gap-2 text-sm" data-testid="gate-settings">
        <legend className="mb-1 font-semibold">No override at the station for</legend>
        {PACK_GATES.map((kind) => (
          <CheckboxRow
            key={kind}
            checked={locked.has(kind)}
            disabled={update.isPending}
            onChange={(on) => toggle(kind, on)}
          >
            {GATE_WORDS[kind]}
          </CheckboxRow>
        ))}
      </fieldset>
    </Card>
  );
}
