/**
 * The last scan and what came of it, shared by the scan bar, the global scanner listener and
 * the result line (zustand: the listener lives outside the bar's React tree).
 */
import { create } from 'zustand';
import type { PrintJobView } from '../../../../shared/contract/printing-values';
import type { ScanHit, ScanKind } from './scan-kinds';

export type ScanState =
  | { kind: 'idle' }
  | { kind: 'searching'; code: string }
  | { kind: 'none'; code: string; asked: ScanKind[] }
  | { kind: 'several'; code: string; hits: ScanHit[] }
  | { kind: 'opened'; code: string; hit: ScanHit; printing: boolean }
  | { kind: 'error'; code: string; message: string }
  /** Scanned while a dialog was open: looked up once the dialog closes. */
  | { kind: 'held'; code: string };

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
