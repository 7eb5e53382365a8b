/**
 * The page of a view that a later issue builds: says plainly that it is coming and what it
 * will hold, so navigation never lands on a blank or broken page.
 */
import type { ReactNode } from 'react';
import { Card } from '../ui/card';
import { ViewPage } from '../views/view-page';
import type { ViewDef } from './view-registry';

export function ComingView({ view, children }: { view: ViewDef; children?: ReactNode }) {
  const Icon = view.icon;
  return (
    <ViewPage title={view.label}>
      <Card>
        <div data-testid="coming-view" className="flex items-start gap-3">
          <Icon aria-hidden className="mt-1 size-6 text-muted" />
          <div>
            <p className="font-semibold">{view.label} is coming</p>
            <p className="mt-1 text-sm text-muted">{view.coming}</p>
          </div>
        </div>
      </Card>
      {children}
    </ViewPage>
  );
}
