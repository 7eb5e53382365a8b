/** A normalised tracking status as a badge: the word carries the meaning, the tone helps. */
import { type BadgeTone, StatusBadge } from '../orders/status-badge';
import { TRACKING_STATUS_LABELS, type TrackingStatus } from './tracking-filters';

const TONES: Record<string, BadgeTone> = {
  LABEL: 'neutral',
  TENDER: 'neutral',
  PICKED_UP: 'info',
  HUB: 'info',
  OUT: 'info',
  DEL: 'ok',
  EXC: 'danger',
  RTS: 'warn',
};

export function TrackingStatusBadge({ status }: { status: unknown }) {
  const value = typeof status === 'string' && status !== '' ? status : null;
  return (
    <StatusBadge
      value={value}
      label={value ? TRACKING_STATUS_LABELS[value as TrackingStatus] : undefined}
      tone={value ? (TONES[value] ?? 'neutral') : undefined}
    />
  );
}
