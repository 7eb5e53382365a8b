/**
 * The supervisor's Floor view (issue 29): the floor at a glance — stations online and who is
 * signed in where, open claims, batches running, orders packed today per station and per
 * packer, and a chart of orders packed per hour — read from the floor's database through the
 * bridge, read again as the floor changes (pushed) while open, and exportable as one CSV.
 * A station with no floor says so and where to set one up, instead of an empty page.
 */
import { useMemo } from 'react';
import type { FloorCount, FloorOverview } from '../../../../shared/contract/floor-overview-values';
import type { FloorPackConflictsView } from '../../../../shared/contract/floor-pack-values';
import { useCsvExportFlow } from '../../features/export/csv-export-flow';
import { useLocalQuery } from '../../query/bridge-query';
import { Card } from '../../ui/card';
import { ViewPage } from '../view-page';
import {
  batchWords,
  clock,
  floorTable,
  repacksLine,
  signedInLine,
  stationState,
  totalPacked,
} from './floor-words';
import { PackConflictsCard } from './pack-conflicts-card';
import { PackedPerHourChart } from './packed-per-hour-chart';

/**
 * How often the open view reads the floor again (ms). Changes are pushed (use-floor-live.ts:
 * a claim, a pack, a conflict, a batch at any station reads it again at once); this read is
 * for what no row change tells — a station gone silent, "idle for" and "since" ages.
 */
const REFRESH_MS = 15_000;

/** One empty list, so the export's request stays the same object while there are none. */
const NO_CONFLICTS: FloorPackConflictsView['conflicts'] = [];

function Counts({ label, counts }: { label: string; counts: readonly FloorCount[] }) {
  const most = Math.max(1, ...counts.map((c) => c.orders));
  if (counts.length === 0) return <p className="text-sm text-muted">Nothing packed yet today.</p>;
  return (
    <ul aria-label={label} className="flex flex-col gap-1">
      {counts.map((c) => (
        <li
          key={c.name}
          className="grid grid-cols-[minmax(6rem,10rem)_1fr_3rem] items-center gap-2"
        >
          <span className="truncate text-sm" title={c.name}>
            {c.name}
          </span>
          <svg
            aria-hidden
            focusable="false"
            className="block h-2.5 w-full"
            viewBox="0 0 100 10"
            preserveAspectRatio="none"
          >
            <rect x="0" y="0" width="100" height="10" rx="2" className="fill-raised" />
            <rect
              x="0"
              y="0"
              width={(c.orders / most) * 100}
              height="10"
              rx="2"
              className="fill-ok"
            />
          </svg>
          <span className="text-right text-sm tabular-nums">{c.orders}</span>
        </li>
      ))}
    </ul>
  );
}

interface Conflicts {
  view: FloorPackConflictsView | undefined;
  error: string | null;
}

function FloorBody({ floor, conflicts }: { floor: FloorOverview; conflicts: Conflicts }) {
  if (floor.status === 'not-configured') {
    return (
      <Card title="This station is not on a floor">
        <p className="text-sm">
          Set up the floor's database in Settings → Floor to see every station, open claims, batches
          and today's packing here.
        </p>
      </Card>
    );
  }
  if (floor.status === 'offline') {
    return (
      <Card title="The floor is offline">
        <p className="text-sm">
          {floor.problem ?? 'The floor database does not answer.'} This station keeps working on its
          own; the floor shows here again when it is back.
        </p>
      </Card>
    );
  }
  const online = floor.stations.filter((s) => s.online).length;
  return (
    <div className="grid gap-pad lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="flex flex-col gap-pad">
        <Card title={`Stations (${online} of ${floor.stations.length} online)`}>
          <ul aria-label="Stations" className="flex flex-col gap-1.5 text-sm">
            {floor.stations.map((s) => (
              <li key={s.name} className="flex items-baseline justify-between gap-2">
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className={`inline-block size-2 rounded-full ${s.online ? 'bg-ok' : 'bg-line'}`}
                  />
                  <strong className="font-medium">{s.name}</strong>
                  <span className="text-muted">{stationState(s)}</span>
                </span>
                <span className="truncate text-right">{signedInLine(s)}</span>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={`Open claims (${floor.claims.length})`}>
          {floor.claims.length === 0 ? (
            <p className="text-sm text-muted">No order is being packed right now.</p>
          ) : (
            <ul aria-label="Open claims" className="flex flex-col gap-1 text-sm">
              {floor.claims.map((c) => (
                <li key={`${c.orderName}|${c.station}`}>
                  Order <strong>{c.orderName}</strong> being packed at {c.station} by {c.packer}{' '}
                  since {clock(c.since)}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <PackConflictsCard view={conflicts.view} error={conflicts.error} />
        <Card title={`Batches (${floor.batches.length})`}>
          {floor.batches.length === 0 ? (
            <p className="text-sm text-muted">No batch is printing or waiting for the rest.</p>
          ) : (
            <ul aria-label="Batches" className="flex flex-col gap-1 text-sm">
              {floor.batches.map((b) => (
                <li key={`${b.title}|${b.station}|${b.startedBy}`}>
                  <strong className="font-medium">{b.title}</strong>{' '}
                  <span className="text-muted">by {b.startedBy}</span>
                  <span className="block">{batchWords(b)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <div className="flex flex-col gap-pad">
        <Card title={`Orders packed today: ${totalPacked(floor)}`}>
          {/* Each order once; an order packed again (a repack) is its own figure, not a second order. */}
          <p className="mb-2 text-sm" data-testid="repacks-today">
            {repacksLine(floor)}
          </p>
          <PackedPerHourChart hours={floor.packedPerHour} />
        </Card>
        <div className="grid gap-pad md:grid-cols-2">
          <Card title="Per station" level={3}>
            <Counts label="Orders packed today per station" counts={floor.packedByStation} />
          </Card>
          <Card title="Per packer" level={3}>
            <Counts label="Orders packed today per packer" counts={floor.packedByPacker} />
          </Card>
        </div>
      </div>
    </div>
  );
}

export function FloorView() {
  const query = useLocalQuery('floorOverview', {}, { refetchInterval: REFRESH_MS });
  const floor = query.data;
  const live = floor?.status === 'online' ? floor : null;
  // Orders packed twice while the floor was offline: listed apart, never merged.
  const twice = useLocalQuery('floorPackConflicts', {}, { refetchInterval: REFRESH_MS });
  const conflicts = twice.data?.message ? NO_CONFLICTS : (twice.data?.conflicts ?? NO_CONFLICTS);
  const csv = useCsvExportFlow({
    noun: 'floor lines',
    matching: live ? floorTable(live, conflicts).rows.length : undefined,
    unavailable: live ? null : 'The floor is not readable from this station.',
    request: useMemo(
      () =>
        live
          ? { method: 'tableExport', args: { name: 'floor', ...floorTable(live, conflicts) } }
          : null,
      [live, conflicts],
    ),
  });
  return (
    <ViewPage title="Floor" actions={csv.trigger}>
      {csv.status}
      {floor && floor.status === 'online' && (
        <p className="text-sm text-muted">
          Read at {clock(floor.at)}; changes at any station show as they happen.
        </p>
      )}
      {query.isError && <p role="alert">{query.error.message}</p>}
      {floor ? (
        <FloorBody
          floor={floor}
          conflicts={{
            view: twice.data,
            error: twice.isError ? twice.error.message : null,
          }}
        />
      ) : (
        !query.isError && <p className="text-sm text-muted">Reading the floor…</p>
      )}
    </ViewPage>
  );
}
