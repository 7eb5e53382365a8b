/** A location select for the recall and expired lists: every location, or one. */
import { useId } from 'react';
import { useLocations } from '../../features/locations/use-locations-queries';
import { Select } from '../../ui/select';

export function LocationChoice({
  value,
  onChange,
}: {
  value: number | null;
  onChange(location: number | null): void;
}) {
  const id = useId();
  const locations = useLocations();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        Location
      </label>
      <Select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        <option value="">All locations</option>
        {(locations.data ?? []).map((l) => (
          <option key={l.id} value={l.id}>
            {l.code} — {l.name}
          </option>
        ))}
        {value !== null && !locations.data?.some((l) => l.id === value) ? (
          <option value={value}>Location {value}</option>
        ) : null}
      </Select>
    </div>
  );
}
