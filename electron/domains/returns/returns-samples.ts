/**
 * A valid argument object for each of the returns domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const RETURNS_SAMPLES = {
  returnsList: { filters: { status: 'open' } },
  returnsGet: { id: 1 },
  returnsLabel: { id: 1 },
  returnsExport: { operationId: 'export-returns-1' },
  returnsWorklist: { filters: { status: 'open' }, review: 'unreviewed', page: 1, pageSize: 50 },
} satisfies ArgSamples;
