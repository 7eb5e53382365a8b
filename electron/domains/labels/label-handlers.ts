/**
 * The bridge methods for labels: `labelRenderZpl` draws a ZPL text as PNG pages for the
 * preview, through the one ZplRenderService of the bridge (its worker is shared and its
 * requests queued, whichever window or tab asks).
 */
import { asHandlers, type Handlers } from '../../kernel/handler-types';
import type { ZplRenderService } from './zpl-render-service';

export function createLabelHandlers(renderer: ZplRenderService) {
  return asHandlers({
    labelRenderZpl: async ({ zpl }, ctx) => renderer.render(zpl, { signal: ctx.signal }),
  } satisfies Partial<Handlers>);
}
