/**
 * Long work in progress (exports, fetching all ids, batch printing): its title, and the
 * bridge's latest `progress` event for it. The activity indicator shows it; `runLongWork`
 * adds and removes entries.
 */
import { create } from 'zustand';
import type { Progress } from '../../../../shared/contract/values';

export interface Activity {
  operationId: string;
  title: string;
  progress: Progress | null;
}

interface ProgressState {
  activities: Record<string, Activity>;
  start(operationId: string, title: string): void;
  progress(progress: Progress): void;
  finish(operationId: string): void;
}

export const useProgressStore = create<ProgressState>()((set) => ({
  activities: {},
  start: (operationId, title) =>
    set((s) => ({
      activities: { ...s.activities, [operationId]: { operationId, title, progress: null } },
    })),
  progress: (progress) =>
    set((s) => {
      const known = s.activities[progress.operationId];
      // Progress for work this page did not start (another window) is not shown here.
      if (!known) return s;
      return { activities: { ...s.activities, [progress.operationId]: { ...known, progress } } };
    }),
  finish: (operationId) =>
    set((s) => {
      const { [operationId]: _done, ...rest } = s.activities;
      return { activities: rest };
    }),
}));
