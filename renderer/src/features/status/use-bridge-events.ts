/**
 * Listens to the bridge's events for the page's life: throttle states to the throttle store,
 * progress to the progress store, notices as toasts.
 */
import { useEffect } from 'react';
import { useBridge } from '../../query/bridge-context';
import { toast } from '../../ui/toast-store';
import { useProgressStore } from './progress-store';
import { useThrottleStore } from './throttle-store';

export function useBridgeEvents(): void {
  const client = useBridge();
  useEffect(
    () =>
      client.onEvent((event) => {
        switch (event.type) {
          case 'throttle':
            useThrottleStore.getState().update(event.state);
            break;
          case 'progress':
            useProgressStore.getState().progress(event.progress);
            break;
          case 'notice':
            toast(event.message, { tone: event.level === 'info' ? 'info' : event.level });
            break;
        }
      }),
    [client],
  );
}
