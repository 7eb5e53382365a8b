/**
 * The floor's banner under the header: shown only while this station is on a floor that is
 * offline. The station keeps working on its own store; the banner says what that means for a
 * packer (claims are local only) and how much waits to be sent when the floor is back.
 */
import { Network } from 'lucide-react';
import { useFloorStatus } from './use-floor';

export function floorBannerText(pending: number): string {
  const actions =
    pending === 0
      ? 'nothing is waiting to be sent'
      : `${pending.toLocaleString()} action${pending === 1 ? '' : 's'} will be sent when it is back`;
  return `claims are local only; ${actions}.`;
}

export function FloorBanner() {
  const { data } = useFloorStatus();
  return (
    <div role="status" aria-live="polite" data-testid="floor-banner">
      {data?.status === 'offline' && (
        <div className="flex items-start gap-3 border-b border-warn bg-warn-soft px-pad py-2 text-sm text-warn">
          <Network aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p className="flex-1">
            <strong>Floor offline</strong> — {floorBannerText(data.pending)}
            {data.problem && <span className="block text-xs">{data.problem}</span>}
          </p>
        </div>
      )}
    </div>
  );
}
