/**
 * A location select: every location, or one. The stock filter bar passes the locations it
 * has read; the recall and expired lists use LocationChoice, which reads them itself.
 */
import type { Api } from '../../../../shared/contract/values';
import { withKeys } from '../../features/inventory/unique-keys';
import { useLocations } from '../../features/locations/use-locations-queries';
import { FilterField } from '../../ui/list/labelled-control';
import { Select } from '../../ui/select';

export function LocationSelect({
  value,
  onChange,
  locations,
  className,
}: {
  value: number | null;
  onChange(location: number | null): void;
  locations: readonly Api['Location'][] | undefined;
  className?: string;
}) {
  // A saved location the list does not (yet) hold stays selectable, named by its id.
  const known = locations?.some((l) => l.id === value) ?? false;
  return (
    <FilterField label="Location">
      {(id) => (
        <Select
          id={id}
          className={className}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">All locations</option>
          {withKeys(locations ?? [], (l) => l.id).map(({ item: l, key }) => (
            <option key={key} value={l.id}>
              {l.code} — {l.name}
            </option>
          ))}
          {value !== null && !known && <option value={value}>Location {value}</option>}
        </Select>
      )}
    </FilterField>
  );
}

/** The recall and expired lists' location select, over the account's locations. */
export function LocationChoice({
  value,
  onChange,
}: {
  value: number | null;
  onChange(location: number | null): void;
}) {
  const locations = useLocations();
  return <LocationSelect value={value} onChange={onChange} locations={locations.data} />;
}
