/**
 * The printers the console knows: Save to folder (always), the system's CUPS queues
 * (discovered on demand) and the network label printers named in the settings. Each printer
 * is registered with the print service once, as a stable slot whose real driver can change
 * (the folder moved, a network printer got a new address, CUPS said a queue takes ZPL): the
 * queue keeps its jobs and order while the settings change underneath.
 */
import type { PrintingSettings } from '@shared/contract/printing-settings';
import type { PrinterView } from '@shared/contract/printing-values';
import { createRawSocketDriver } from '../drivers/raw-socket-driver';
import { createFolderDriver } from '../queue/folder-driver';
import type { PrintService } from '../queue/print-service';
import { type PrinterDriver, PrintFailure } from '../queue/types';
import type { SystemPrinter } from './cups-discovery';
import { formatsOf } from './printer-language';
import type { SystemPrinterSource } from './system-source';

export const FOLDER_PRINTER_ID = 'save-to-folder';

export interface RegistryOptions {
  settings: () => PrintingSettings;
  /** Save to folder's folder when the settings name none (created on first use). */
  defaultFolder: string;
  /** CUPS or the Windows spooler; none for tests of the folder and network printers alone. */
  system?: SystemPrinterSource;
  now?: () => Date;
}

type PrinterInfo = Omit<PrinterView, 'pending'>;

interface Slot {
  info: PrinterInfo;
  driver?: PrinterDriver;
}

export const networkPrinterId = (host: string, port: number) => `raw:${host}:${port}`;

export class PrinterRegistry {
  private readonly slots = new Map<string, Slot>();
  private systemPrinters: SystemPrinter[] = [];
  private problem: string | null = null;
  private refreshedAt: string;

  constructor(
    private readonly service: PrintService,
    private readonly options: RegistryOptions,
  ) {
    this.refreshedAt = (options.now?.() ?? new Date()).toISOString();
  }

  /** Asks the system again (CUPS: lpstat, lpoptions), then applies the settings. */
  async refresh(): Promise<void> {
    const system = this.options.system;
    if (system) {
      const found = await system.discover();
      this.problem = found.problem;
      // The system not answering (CUPS stopped): keep the printers known so far, their state
      // unknown, so routes do not look broken; jobs to them retry with the reason.
      this.systemPrinters = found.problem
        ? this.systemPrinters.map((p) => ({ ...p, state: 'unknown' as const }))
        : found.printers;
    }
    this.refreshedAt = (this.options.now?.() ?? new Date()).toISOString();
    await this.sync();
  }

  /** Applies the settings (folder, network printers, language overrides); no system calls. */
  sync(): Promise<void> {
    this.applySettings();
    return Promise.resolve();
  }

  private applySettings(): void {
    const settings = this.options.settings();
    const seen = new Set<string>();
    const folder = settings.folder ?? this.options.defaultFolder;
    const folderDriver = createFolderDriver({
      id: FOLDER_PRINTER_ID,
      folder,
      now: this.options.now,
    });
    this.put(
      {
        id: FOLDER_PRINTER_ID,
        name: 'Save to folder',
        kind: 'folder',
        accepts: ['pdf', 'zpl'],
        state: 'idle',
        accepting: true,
        isDefault: false,
        detail: folder,
      },
      // The folder (chosen or default) is made when the first job goes there, so nothing is
      // created on a machine that never prints.
      folderDriver,
      seen,
    );
    const system = this.options.system;
    for (const p of system ? this.systemPrinters : []) {
      if (!system) break;
      const id = `${system.idPrefix}:${p.name}`;
      const accepts = system.formats(formatsOf(settings.printerLanguages[id] ?? p.language));
      this.put(
        {
          id,
          name: p.name,
          kind: system.kind,
          accepts,
          state: p.state,
          accepting: p.accepting,
          isDefault: p.isDefault,
          ...(p.detail ? { detail: p.detail } : {}),
        },
        system.driver(p, id, accepts),
        seen,
      );
    }
    for (const n of settings.networkPrinters) {
      const id = networkPrinterId(n.host, n.port);
      const address = `${n.host}:${n.port}`;
      this.put(
        {
          id,
          name: n.name,
          kind: 'raw9100',
          accepts: ['zpl'],
          state: 'unknown',
          accepting: true,
          isDefault: false,
          detail: address,
        },
        createRawSocketDriver({ host: n.host, port: n.port, id, displayName: n.name }),
        seen,
      );
    }
    // Printers gone from the settings keep their slot (their jobs stay visible) but no driver.
    for (const [id, slot] of this.slots) {
      if (!seen.has(id) && slot.info.kind !== system?.kind) slot.driver = undefined;
    }
  }

  /** Printers that can take jobs now, Save to folder first, then by name. */
  list(): PrinterView[] {
    const pending = new Map<string, number>();
    for (const job of this.service.list()) {
      if (job.state === 'queued' || job.state === 'sending') {
        pending.set(job.printerId, (pending.get(job.printerId) ?? 0) + 1);
      }
    }
    return [...this.slots.values()]
      .filter((s) => s.driver)
      .map((s) => ({ ...s.info, pending: pending.get(s.info.id) ?? 0 }))
      .sort(
        (a, b) =>
          Number(b.kind === 'folder') - Number(a.kind === 'folder') || a.name.localeCompare(b.name),
      );
  }

  get(id: string): PrinterView | undefined {
    return this.list().find((p) => p.id === id);
  }

  /** The printer's name for messages, even for one that is gone. */
  nameOf(id: string): string {
    return this.slots.get(id)?.info.name ?? id;
  }

  status(): { problem: string | null; refreshedAt: string } {
    return { problem: this.problem, refreshedAt: this.refreshedAt };
  }

  private put(info: PrinterInfo, driver: PrinterDriver, seen: Set<string>): void {
    seen.add(info.id);
    const existing = this.slots.get(info.id);
    if (existing) {
      existing.info = info;
      existing.driver = driver;
      return;
    }
    const slot: Slot = { info, driver };
    this.slots.set(info.id, slot);
    this.service.addDriver(slotDriver(info.id, slot));
  }
}

/** A driver that forwards to the slot's current driver, so settings can change under a queue. */
function slotDriver(id: string, slot: Slot): PrinterDriver {
  return {
    id,
    get kind() {
      return slot.driver?.kind ?? slot.info.kind;
    },
    get displayName() {
      return slot.info.name;
    },
    accepts: (format) => slot.driver?.accepts(format) ?? false,
    send: (job, signal) => {
      if (!slot.driver) {
        return Promise.reject(
          new PrintFailure(`${slot.info.name} is no longer set up in Packbench.`, false),
        );
      }
      return slot.driver.send(job, signal);
    },
  };
}
