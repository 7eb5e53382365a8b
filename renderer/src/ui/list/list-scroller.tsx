/**
 * The box a list's rows scroll in, in either layout (table-body.tsx, fixed-rows.tsx): its
 * frame, its height, and `aria-busy` while the list is still loading (what the suites and a
 * screen reader wait on).
 */
import type { ReactNode, Ref } from 'react';
import { cn } from '../cn';

export function ListScroller(props: {
  ref: Ref<HTMLDivElement>;
  /** The box's height, e.g. "max-h-[68vh]". */
  heightClass: string;
  busy: boolean;
  testId: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      ref={props.ref}
      className={cn(
        'pb-scroll-surface overflow-auto rounded-md border border-line',
        props.className,
        props.heightClass,
      )}
      aria-busy={props.busy || undefined}
      data-testid={props.testId}
    >
      {props.children}
    </div>
  );
}
