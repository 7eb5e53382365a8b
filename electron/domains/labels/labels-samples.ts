/**
 * A valid argument object for each of the labels domain's bridge methods: what the dispatcher's
 * and the transports' tests call them with (electron/test-support/valid-args.ts gathers every
 * domain's). A method added to this domain gets its sample here, beside its handler.
 */
import type { ArgSamples } from '../../kernel/dispatch/arg-samples';

export const LABELS_SAMPLES = {
  labelRenderZpl: { zpl: '^XA^FO50,50^A0N,40,40^FDPackbench^FS^XZ' },
} satisfies ArgSamples;
