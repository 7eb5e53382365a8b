/**
 * A ZPL label's preview: the sketch of zpl-sketch.ts drawn as SVG (text, boxes, and the
 * barcodes as stripes of the right place and size), marked as approximate, with the exact ZPL
 * code one click away.
 */
import { useMemo, useState } from 'react';
import { Button } from '../../ui/button';
import { sketchZpl, type ZplItem } from './zpl-sketch';

/** Stripes standing in for the bars: deterministic from the data, so it reads as a barcode. */
function Stripes({ item }: { item: Extract<ZplItem, { kind: 'barcode' }> }) {
  const modules = 11 * item.data.length + 35;
  const bars: number[] = [];
  for (let m = 0, seed = 7; m < modules; m++) {
    seed = (seed * 31 + (item.data.charCodeAt(m % Math.max(1, item.data.length)) || 1)) % 9973;
    if (seed % 2 === 0) bars.push(m);
  }
  return (
    <g>
      {bars.map((m) => (
        <rect
          key={m}
          x={item.x + m * item.module}
          y={item.y}
          width={item.module}
          height={item.height}
        />
      ))}
      {item.line && (
        <text
          x={item.x + (modules * item.module) / 2}
          y={item.y + item.height + 30}
          fontSize={28}
          textAnchor="middle"
        >
          {item.data}
        </text>
      )}
    </g>
  );
}

export function ZplPreview({ zpl, title }: { zpl: string; title: string }) {
  const sketch = useMemo(() => sketchZpl(zpl), [zpl]);
  const [showCode, setShowCode] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-muted">
        Approximate preview drawn from the ZPL (text, boxes and barcode positions); the printer
        draws the exact label.
      </p>
      <svg
        role="img"
        aria-label={`${title} (approximate)`}
        data-testid="label-zpl-preview"
        viewBox={`0 0 ${sketch.width} ${sketch.height}`}
        className="w-72 max-w-full border border-line bg-white text-black"
        fontFamily="Arial, Helvetica, sans-serif"
      >
        {sketch.items.map((item, i) => {
          const key = `${item.kind}-${i}`;
          if (item.kind === 'box') {
            const t = Math.min(item.thickness, item.width, item.height);
            return (
              <rect
                key={key}
                x={item.x + t / 2}
                y={item.y + t / 2}
                width={Math.max(0, item.width - t)}
                height={Math.max(0, item.height - t)}
                fill="none"
                stroke="currentColor"
                strokeWidth={t}
              />
            );
          }
          if (item.kind === 'barcode') return <Stripes key={key} item={item} />;
          return (
            <text
              key={key}
              x={item.center !== undefined ? item.x + item.center / 2 : item.x}
              y={item.y + item.size * 0.8}
              fontSize={item.size}
              textAnchor={item.center !== undefined ? 'middle' : 'start'}
            >
              {item.text}
            </text>
          );
        })}
      </svg>
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
