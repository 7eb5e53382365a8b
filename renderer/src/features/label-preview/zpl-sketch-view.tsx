/**
 * The approximate drawing of a ZPL label (zpl-sketch.ts) as SVG: text, boxes, and the barcodes
 * as stripes of the right place and size. Shown only when the exact render from the main
 * process fails, and labelled as approximate.
 */
import { useMemo } from 'react';
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

export function ZplSketchView({ zpl, title }: { zpl: string; title: string }) {
  const sketch = useMemo(() => sketchZpl(zpl), [zpl]);
  return (
    <svg
      role="img"
      aria-label={`${title} (approximate)`}
      data-testid="label-zpl-sketch"
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
  );
}
