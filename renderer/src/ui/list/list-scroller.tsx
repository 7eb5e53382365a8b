/**
 * The box a list's rows scroll in, in either layout (table-body.tsx, fixed-rows.tsx): its
 * frame, its height, and `aria-busy` while the list is still loading (what the suites and a
 * screen reader wait on).
 *
 * The surface colour and the border are a frame around the scroller, not the scroller's own.
 * Chromium paints a scroller's background colour into the layer that scrolls: that layer is
 * then opaque and its text drawn with subpixel antialiasing, dearer to rasterise and to
 * composite. A one-colour gradient instead (until 2026-11-29) kept the layer clear but cost
 * raster of its own each frame. The shipments grid's scroll, 99,385 rows, against a bare
 * virtual list (issue 34, bench/ui-grids-scroll-profile.ts, two rounds, load 2-2.6): the
 * renderer's raster threads 6.8-7.9 ms a frame with the gradient, 4.2-4.6 with the colour on a
 * frame around (the list's 2.7-3.2); with the colour on the scroller itself the compositor
 * thread took 4.2-4.8 ms a frame against 1.7-1.9.
 */
import type { ReactNode, Ref } from 'react';
import { cn } from '../cn';

export function ListScroller(props: {
  ref: Ref<HTMLDivElement>;
  /** The box's height, e.g. "max-h-[68vh]" (on the frame; the scroller fills it). */
  heightClass: string;
  busy: boolean;
  testId: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn('flex flex-col rounded-md border border-line bg-surface', props.heightClass)}
    >
      <div
        ref={props.ref}
        className={cn('min-h-0 flex-1 overflow-auto rounded-[inherit]', props.className)}
        aria-busy={props.busy || undefined}
        data-testid={props.testId}
      >
        {props.children}
      </div>
    </div>
  );
}
