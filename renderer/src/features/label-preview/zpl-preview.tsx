/**
 * A ZPL label's preview: the label exactly as the printer draws it, rendered in the main
 * process (use-zpl-rendering.ts), with the ZPL code one click away. If that render fails, the
 * approximate sketch (zpl-sketch-view.tsx) stands in, with a line saying so and why.
 */
import { useState } from 'react';
import { Button } from '../../ui/button';
import { useZplRendering } from './use-zpl-rendering';
import { ZplPages } from './zpl-pages';
import { ZplSketchView } from './zpl-sketch-view';

export function ZplPreview({ zpl, title }: { zpl: string; title: string }) {
  const state = useZplRendering(zpl);
  const [showCode, setShowCode] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div
        data-testid="label-zpl-preview"
        data-state={state.status}
        aria-busy={state.status === 'rendering'}
      >
        {state.status === 'rendering' && (
          <p
            role="status"
            className="flex h-40 w-72 max-w-full items-center justify-center border border-line text-sm text-muted"
          >
            Rendering…
          </p>
        )}
        {state.status === 'rendered' && <ZplPages rendering={state.rendering} title={title} />}
        {state.status === 'failed' && (
          <div className="flex flex-col gap-2">
            <p
              role="status"
              data-testid="label-zpl-render-failed"
              className="rounded-md bg-warn-soft p-2 text-sm text-warn"
            >
              The exact render failed ({state.reason}). Below is an approximate sketch of the text,
              boxes and barcode positions; the printer draws the exact label.
            </p>
            <ZplSketchView zpl={zpl} title={title} />
          </div>
        )}
      </div>
      <div>
        <Button aria-expanded={showCode} onClick={() => setShowCode((s) => !s)}>
          {showCode ? 'Hide ZPL code' : 'Show ZPL code'}
        </Button>
      </div>
      {showCode && (
        <section aria-label="ZPL code">
          <pre
            data-testid="label-zpl-code"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the code scrolls; keyboard users need to reach it
            tabIndex={0}
            className="max-h-80 overflow-auto rounded border border-line bg-raised p-2 font-mono text-xs whitespace-pre-wrap"
          >
            {zpl}
          </pre>
        </section>
      )}
    </div>
  );
}
