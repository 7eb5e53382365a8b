/**
 * The frame of every view: its h1 (the page's one top heading), the document title, and the
 * content. Views stay small by leaving this to one place.
 */
import { type ReactNode, useEffect } from 'react';

export function ViewPage({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Packbench`;
  }, [title]);
  return (
    <div className="flex flex-col gap-pad p-pad">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}
