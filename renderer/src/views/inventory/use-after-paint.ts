/**
 * False in a component's first frame, true from the frame after it was painted (or at once
 * when `now`): what may wait one frame is kept off the path to the first paint. A click's
 * commit runs its effects before the browser paints, so an effect alone does not wait for the
 * paint; a timer started in the next animation frame runs after it.
 */
import { useEffect, useState } from 'react';

export function useAfterPaint(now = false): boolean {
  const [painted, setPainted] = useState(now);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const after = () => {
      timer = setTimeout(() => setPainted(true), 0);
    };
    // Where no frames are drawn (a test's document without them), the timer alone.
    if (typeof requestAnimationFrame !== 'function') {
      after();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(after);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
