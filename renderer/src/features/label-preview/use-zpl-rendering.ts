/**
 * The exact drawing of a ZPL text, from the main process (bridge method `labelRenderZpl`,
 * zpl-renderer-js in a worker thread there: its WebAssembly cannot run under this page's CSP).
 * Cached by the text itself: reopening a preview, or another label with the same code, draws
 * nothing again.
 */
import {
  ZPL_RENDER_MAX_CHARS,
  type ZplRendering,
} from '../../../../shared/contract/label-rendering';
import { errorMessage } from '../../query/bridge-call';
import { useLocalQuery } from '../../query/bridge-query';

export type ZplRenderState =
  | { status: 'rendering' }
  | { status: 'rendered'; rendering: ZplRendering }
  | { status: 'failed'; reason: string };

export function useZplRendering(zpl: string): ZplRenderState {
  const tooLong = zpl.length > ZPL_RENDER_MAX_CHARS;
  const query = useLocalQuery(
    'labelRenderZpl',
    { zpl },
    {
      enabled: !tooLong && zpl.length > 0,
      // The same text always draws the same label; a failure (unreadable ZPL, too slow) would
      // fail the same way again, so it is not retried.
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
      refetchOnWindowFocus: false,
    },
  );
  if (tooLong) {
    return {
      status: 'failed',
      reason: `the code is ${zpl.length.toLocaleString()} characters, over the ${ZPL_RENDER_MAX_CHARS.toLocaleString()} the renderer takes`,
    };
  }
  if (zpl.length === 0) return { status: 'failed', reason: 'the label file is empty' };
  if (query.isSuccess) return { status: 'rendered', rendering: query.data };
  if (query.isError) return { status: 'failed', reason: reasonOf(query.error) };
  return { status: 'rendering' };
}

function reasonOf(error: unknown): string {
  const message = errorMessage(error);
  // The message goes inside the fallback's sentence, in brackets: without its full stop.
  return message.replace(/\.$/, '') || 'no reason given';
}
