/**
 * The frame of every view: its h1 (the page's one top heading), the document title, and the
 * content. Views stay small by leaving this to one place.
 */
import { type ReactNode, useEffect } from 'react';
import { cn } from '../ui/cn';

export function ViewPage({
  title,
  actions,
  children,
  fill = false,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  /** Take the window's height (the last child grows), for views with panes that scroll. */
  fill?: boolean;
}) {
  useEffect(() => {
    document.title = `${title} · Packbench`;
  }, [title]);
  return (
    <div className={cn('flex flex-col gap-pad p-pad', fill && 'h-full min-h-[34rem]')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
