/**
 * A PDF label drawn page by page with pdf.js onto canvases. pdf.js is loaded on first use (it
 * is large and most screens never need it) and parses in its worker, which Vite emits as a
 * file of this origin (the CSP allows workers only from 'self'); eval is off for the CSP too.
 */

import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

type PdfJs = typeof import('pdfjs-dist');
let loading: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loading;
}

/** CSS pixels per PDF point for the preview (a 4×6 in label is 288×432 pt). */
const SCALE = 1.25;

export function PdfPages({ bytes, title }: { bytes: Uint8Array; title: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ pages: number } | { error: string } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      try {
        const pdfjs = await loadPdfJs();
        // pdf.js takes ownership of (detaches) the buffer it is given: pass a copy.
        const task = pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false });
        destroy = () => void task.destroy();
        const doc = await task.promise;
        const box = holder.current;
        if (cancelled || !box) return;
        box.replaceChildren();
        for (let n = 1; n <= doc.numPages; n++) {
          const page = await doc.getPage(n);
          const viewport = page.getViewport({ scale: SCALE * (window.devicePixelRatio || 1) });
          const canvas = document.createElement('canvas');
          canvas.width = Math.ceil(viewport.width);
          canvas.height = Math.ceil(viewport.height);
          canvas.style.width = `${Math.ceil(viewport.width / (window.devicePixelRatio || 1))}px`;
          canvas.setAttribute('role', 'img');
          canvas.setAttribute('aria-label', `${title}, page ${n} of ${doc.numPages}`);
          canvas.dataset.testid = 'label-pdf-page';
          canvas.className = 'max-w-full border border-line bg-white';
          await page.render({ canvas, viewport }).promise;
          if (cancelled) return;
          box.append(canvas);
        }
        if (!cancelled) setState({ pages: doc.numPages });
      } catch (error) {
        if (!cancelled) setState({ error: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [bytes, title]);

  return (
    <div>
      {state === null && <p className="text-sm text-muted">Rendering the PDF…</p>}
      {state && 'error' in state && (
        <p role="alert" className="text-sm text-danger">
          The PDF could not be drawn: {state.error}
        </p>
      )}
      {state && 'pages' in state && (
        <p className="mb-1 text-xs text-muted" data-testid="label-pdf-pages">
          {state.pages === 1 ? '1 page' : `${state.pages} pages`}
        </p>
      )}
      <div ref={holder} className="flex flex-col gap-2" />
    </div>
  );
}
