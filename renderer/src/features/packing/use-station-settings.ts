/**
 * The station part of the settings (shared/contract/station-settings.ts): read from the one
 * settings query, changed through settingsUpdate naming only what changed.
 */
import type { z } from 'zod';
import {
  defaultStationSettings,
  type StationSettings,
  type stationPatchSchema,
} from '../../../../shared/contract/station-settings';
import { useBridgeQuery } from '../../query/bridge-query';
import { useSettings, useUpdateSettingsPart } from '../preferences/use-settings';

export type StationPatch = z.input<typeof stationPatchSchema>;

const DEFAULTS = defaultStationSettings();

export function useStationSettings(): StationSettings {
  return useSettings().data?.settings.station ?? DEFAULTS;
}

/**
 * The location a station works at: the one chosen in its settings, or the API's default
 * location. `pending` while the locations are read (kept for the shift: they rarely change).
 */
export function useStationLocation(locationId: number | null) {
  const locations = useBridgeQuery(
    'locationsList',
    {},
    { staleTime: 10 * 60_000, gcTime: 60 * 60_000 },
  );
  const location =
    locationId === null
      ? locations.data?.find((l) => l.is_default)
      : locations.data?.find((l) => l.id === locationId);
  return { location, pending: locations.isPending };
}

export function useUpdateStation() {
  return useUpdateSettingsPart('station');
}
