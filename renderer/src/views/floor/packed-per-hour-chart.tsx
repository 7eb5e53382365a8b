/**
 * Orders packed per hour today, as a picture: one bar per hour of the day, the count above
 * each bar that has one, hours marked every three along the bottom. Plain SVG (no chart
 * library is installed, and 24 bars need none); the figure is named in words for screen
 * readers, with the busiest hour.
 */
import type { FloorOverview } from '../../../../shared/contract/floor-overview-values';
import { hourLabel } from './floor-words';

const WIDTH = 720;
const HEIGHT = 200;
const TOP = 18;
const BOTTOM = 22;
const SLOT = WIDTH / 24;

export function PackedPerHourChart({ hours }: { hours: FloorOverview['packedPerHour'] }) {
  const most = Math.max(0, ...hours.map((h) => h.orders));
  const total = hours.reduce((n, h) => n + h.orders, 0);
  const busiest = hours.find((h) => h.orders === most && most > 0);
  const name =
    total === 0
      ? 'Orders packed per hour today: none yet.'
      : `Orders packed per hour today: ${total} in all; the busiest hour was ${hourLabel(busiest?.hour ?? 0)} with ${most}.`;
  const plot = HEIGHT - TOP - BOTTOM;
  return (
    <figure className="flex flex-col gap-1">
      <svg
        role="img"
        aria-label={name}
        data-testid="packed-per-hour-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
      >
        <line
          x1="0"
          x2={WIDTH}
          y1={HEIGHT - BOTTOM}
          y2={HEIGHT - BOTTOM}
          className="stroke-line"
          strokeWidth="1"
        />
        {hours.map((h) => {
          const height = most > 0 ? (h.orders / most) * plot : 0;
          const x = h.hour * SLOT + SLOT * 0.15;
          const y = HEIGHT - BOTTOM - height;
          return (
            <g key={h.hour} data-hour={h.hour} data-orders={h.orders}>
              {h.orders > 0 && (
                <>
                  <rect
                    x={x}
                    y={y}
                    width={SLOT * 0.7}
                    height={height}
                    rx="2"
                    className="fill-accent"
                  />
                  <text
                    x={x + SLOT * 0.35}
                    y={y - 4}
                    textAnchor="middle"
                    className="fill-current text-[11px] tabular-nums"
                  >
                    {h.orders}
                  </text>
                </>
              )}
              {h.hour % 3 === 0 && (
                <text
                  x={h.hour * SLOT + SLOT / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  className="fill-muted text-[11px]"
                >
                  {hourLabel(h.hour)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-muted">Orders packed per hour today</figcaption>
    </figure>
  );
}
