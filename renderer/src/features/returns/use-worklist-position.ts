/**
 * Where the clerk was in the worklist (page and return), kept in the settings file
 * (views.returnsPosition) so a restart opens on the same return. Written a moment after the
 * last move, not per key press (j held down would write the file tens of times a second),
 * and only for the filters it was taken under: other filters start at their first row.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callBridge } from '../../query/bridge-call';
import { useBridge } from '../../query/bridge-context';
import { settingsKey, useSettings } from '../preferences/use-settings';

export interface WorklistPosition {
  /** The filters and page size it belongs to (returnFiltersKey|pageSize). */
  key: string;
  page: number;
  returnId: number;
}

const SAVE_AFTER_MS = 800;

export function readPosition(raw: unknown): WorklistPosition | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const ok =
    typeof r.key === 'string' &&
    Number.isInteger(r.page) &&
    (r.page as number) >= 1 &&
    Number.isInteger(r.returnId) &&
    (r.returnId as number) >= 1;
  return ok
    ? { key: r.key as string, page: r.page as number, returnId: r.returnId as number }
    : null;
}

export function useWorklistPosition(): {
  /** The saved position as read at start (null once the settings say none, undefined before). */
  saved: WorklistPosition | null | undefined;
  remember(position: WorklistPosition): void;
} {
  const client = useBridge();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const first = useRef<WorklistPosition | null | undefined>(undefined);
  const last = useRef('');
  if (first.current === undefined && settings.data) {
    first.current = readPosition(settings.data.settings.views.returnsPosition);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    saved: first.current,
    remember: (position) => {
      const text = JSON.stringify(position);
      if (text === last.current) return;
      last.current = text;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void callBridge(client, 'settingsUpdate', {
          patch: { views: { returnsPosition: { ...position } } },
        })
          .then((view) => queryClient.setQueryData(settingsKey, view))
          .catch(() => {
            // Losing the position costs one search after a restart; nothing to tell.
          });
      }, SAVE_AFTER_MS);
    },
  };
}
