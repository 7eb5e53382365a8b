/**
 * A return's status and resolution as badges: the word always carries the meaning, the tone
 * only helps the eye (open work reads as waiting, finished as done, refused as danger).
 */
import { type BadgeTone, StatusBadge } from '../orders/status-badge';
import { STATUS_LABELS } from './return-filters';

const STATUS_TONES: Record<string, BadgeTone> = {
  REQUESTED: 'warn',
  APPROVED: 'info',
  IN_TRANSIT: 'info',
  RECEIVED: 'warn',
  COMPLETED: 'ok',
  REJECTED: 'danger',
  CANCELLED: 'neutral',
};

export const RESOLUTION_LABELS: Record<string, string> = {
  REFUND: 'Refund',
  STORE_CREDIT: 'Store credit',
  EXCHANGE: 'Exchange',
  KEEP_IT: 'Keep it',
};

export function ReturnStatusBadge({ status }: { status: unknown }) {
  const value = typeof status === 'string' ? status : null;
  return (
    <StatusBadge
      value={value}
      label={value ? (STATUS_LABELS[value as keyof typeof STATUS_LABELS] ?? undefined) : undefined}
      tone={value ? (STATUS_TONES[value] ?? 'neutral') : undefined}
    />
  );
}

export function ResolutionBadge({ resolution }: { resolution: unknown }) {
  const value = typeof resolution === 'string' ? resolution : null;
  return (
    <StatusBadge
      value={value}
      label={value ? RESOLUTION_LABELS[value] : undefined}
      tone={value === 'KEEP_IT' ? 'neutral' : 'info'}
    />
  );
}
