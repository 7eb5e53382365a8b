/**
 * This station: its name (in the pack log and "Packed today"), the location whose bins the
 * pack screen shows, whether items are checked by scanning before printing, and sounds. Each
 * change saves at once (a checkbox, a choice) or on Enter/blur (the name).
 */
import { Fragment, useState } from 'react';
import { errorMessage } from '../../query/bridge-call';
import { useBridgeQuery } from '../../query/bridge-query';
import { Card } from '../../ui/card';
import { CheckboxRow } from '../../ui/checkbox-row';
import { Options } from '../../ui/form-controls';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { NOT_SAVED_TOAST } from '../../ui/toast-store';
import { type StationPatch, useStationSettings, useUpdateStation } from './use-station-settings';

/** The station's on/off choices, in the order the card lists them. */
const SWITCHES = [
  ['verify', 'Check each item by scanning before the order prints'],
  ['sounds', 'Sounds for a wrong item, one too many and a finished order'],
] as const;

export function StationCard() {
  const station = useStationSettings();
  const update = useUpdateStation();
  const locations = useBridgeQuery('locationsList', {}, { staleTime: 10 * 60_000 });
  const [name, setName] = useState<string | null>(null);
  const save = (patch: StationPatch) => update.mutate(patch, NOT_SAVED_TOAST);
  const saveName = () => {
    if (name !== null && name.trim() !== station.name) save({ name: name.trim() });
    setName(null);
  };
  return (
    <Card title="This station" level={3}>
      <div className="grid max-w-2xl grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 text-sm">
        <label htmlFor="station-name">Station name</label>
        <Input
          id="station-name"
          value={name ?? station.name}
          maxLength={40}
          placeholder="e.g. Bench 3 (empty: the computer’s name)"
          onChange={(e) => setName(e.target.value)}
          onBlur={saveName}
          onKeyDown={(e) => {
            if (e.key === 'Enter') saveName();
          }}
        />
        <label htmlFor="station-location">Location</label>
        <Select
          id="station-location"
          value={station.locationId === null ? '' : String(station.locationId)}
          disabled={update.isPending || !locations.data}
          onChange={(e) =>
            save({ locationId: e.target.value === '' ? null : Number(e.target.value) })
          }
        >
          <option value="">The default location</option>
          <Options
            items={locations.data ?? []}
            value={(l) => String(l.id)}
            label={(l) => `${l.name} (${l.code})`}
          />
        </Select>
        {SWITCHES.map(([key, words]) => (
          <Fragment key={key}>
            <span />
            <CheckboxRow
              checked={station[key]}
              disabled={update.isPending}
              onChange={(on) => save({ [key]: on })}
            >
              {words}
            </CheckboxRow>
          </Fragment>
        ))}
      </div>
      {locations.isError && (
        <p role="alert" className="mt-2 text-sm text-danger">
          The locations could not be read: {errorMessage(locations.error)}
        </p>
      )}
    </Card>
  );
}
