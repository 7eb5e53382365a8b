/**
 * The last scan and what came of it, shared by the scan box, the global scanner listener and
 * the result panel (zustand: the listener lives outside React's tree of the box).
 */
import { create } from 'zustand';
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import type { MatchField } from './scan-match';

export interface PickCandidate {
  id: number;
  name: string;
  recipient: string;
  field: MatchField;
}

export type ScanState =
  | { kind: 'idle' }
  | { kind: 'searching'; code: string }
  | { kind: 'none'; code: string }
  | { kind: 'several'; code: string; candidates: PickCandidate[] }
  | { kind: 'opened'; code: string; orderId: number; name: string; printing: boolean }
  | { kind: 'error'; code: string; message: string };

interface ScanStore {
  state: ScanState;
  /** Jobs queued by the last scan's printing, for "what was printed" and reprint. */
  printed: { orderName: string; jobs: PrintJobView[]; problems: string[] } | null;
  set(state: ScanState): void;
  setPrinted(printed: ScanStore['printed']): void;
}

export const useScanStore = create<ScanStore>()((set) => ({
  state: { kind: 'idle' },
  printed: null,
  set: (state) => set({ state }),
  setPrinted: (printed) => set({ printed }),
}));
