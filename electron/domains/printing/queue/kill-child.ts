/**
 * Child process for the real kill test (run with `node --import tsx`): opens a print service
 * on a spool folder with a slow Save-to-folder printer, enqueues a batch, reports the job ids
 * on stdout, and keeps printing until the parent SIGKILLs it.
 * Usage: kill-child.ts <spoolDir> <outDir> <count> [hangAt]
 * With hangAt, that job's send announces itself on stdout and never finishes, so the kill is
 * certain to land while the record says 'sending'.
 */
import { createFolderDriver } from './folder-driver.js';
import { PrintService } from './print-service.js';
import type { PrinterDriver } from './types.js';

const [spoolDir, outDir, countArg, hangAt] = process.argv.slice(2);
if (!spoolDir || !outDir || !countArg) throw new Error('usage: kill-child <spool> <out> <count>');

const folder = createFolderDriver({ folder: outDir });
// Slow before writing, so a kill lands inside "sending" as often as between jobs.
const slow: PrinterDriver = {
  ...folder,
  async send(job, signal) {
    if (hangAt && job.title === `label ${hangAt.padStart(2, '0')}`) {
      process.stdout.write(`SENDING ${job.id}\n`);
      await new Promise(() => {});
    }
    await new Promise((r) => setTimeout(r, 40 + Math.random() * 40));
    return folder.send(job, signal);
  },
};

const service = await PrintService.open(spoolDir, [slow]);
const ids: string[] = [];
for (let i = 1; i <= Number(countArg); i++) {
  const title = `label ${String(i).padStart(2, '0')}`;
  const data = new TextEncoder().encode(`^XA^FD${title}^FS^XZ`);
  ids.push((await service.enqueue({ printerId: folder.id, title, format: 'zpl', data })).id);
}
process.stdout.write(`ENQUEUED ${JSON.stringify(ids)}\n`);
