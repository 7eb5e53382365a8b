/**
 * A valid argument object for each of the files domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const FILES_SAMPLES = {
  tableExport: { name: 'recalls', header: ['batch', 'units'], rows: [['B-1', 4]] },
  filesInfo: {},
  folderPick: { purpose: 'export' },
  folderChoose: { purpose: 'export', root: 'documents', subfolder: 'Packbench/Exports' },
  pathReveal: { fileId: 'file-AAAAAAAAAAAAAAAAAAAAAAAA', as: 'file' },
  savedFileGet: { fileId: 'file-AAAAAAAAAAAAAAAAAAAAAAAA' },
  savedFileLink: { jobId: '0d8f7a52-3c1e-4b6a-8f2d-9e0c1b2a3d4e' },
} satisfies ArgSamples;
