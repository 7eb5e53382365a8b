/**
 * A location's flags as small badges: active or inactive, fulfillable or not, default. The
 * "off" flags are shown in warning colours, as they change what a supervisor can do there.
 */

import { Badge } from '../../features/inventory/stock-badges';
import { type Location, locationFlags } from '../../features/locations/location-facts';

export function LocationFlags({ location }: { location: Partial<Location> }) {
  const flags = locationFlags(location);
  if (flags.length === 0) return <span>—</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {flags.map((f) => (
        <Badge key={f.key} tone={f.on ? 'info' : 'warn'} kind={`flag-${f.key}`}>
          {f.label}
        </Badge>
      ))}
    </span>
  );
}
