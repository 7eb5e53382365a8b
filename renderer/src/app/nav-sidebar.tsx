/** The views, as a navigation landmark; the current one is marked for screen readers too. */
import { Link, useLocation } from 'wouter';
import { cn } from '../ui/cn';
import { KeySequence } from '../ui/kbd';
import { Tooltip } from '../ui/tooltip';
import { VIEWS } from './view-registry';

export function NavSidebar() {
  const [location] = useLocation();
  return (
    <nav
      aria-label="Views"
      className="flex w-52 flex-col gap-0.5 border-r border-line bg-surface p-2"
    >
      {VIEWS.map((view) => {
        const current = location === view.path || location.startsWith(`${view.path}/`);
        const Icon = view.icon;
        return (
          <Tooltip key={view.id} content={<KeySequence keys={view.goKeys} />}>
            <Link
              href={view.path}
              aria-current={current ? 'page' : undefined}
              className={cn(
                'flex h-control items-center gap-2 rounded-md px-2 text-sm',
                current ? 'bg-accent-soft font-semibold text-fg' : 'text-fg hover:bg-raised',
              )}
            >
              <Icon aria-hidden className="size-4" />
              {view.label}
            </Link>
          </Tooltip>
        );
      })}
    </nav>
  );
}
