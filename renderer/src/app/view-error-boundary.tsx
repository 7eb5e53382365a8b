/**
 * One error boundary per view: a view that throws while rendering shows what failed and a
 * Retry button, while the navigation, the banner and the other views keep working. Retry also
 * resets failed queries of the view (TanStack's QueryErrorResetBoundary), so it refetches.
 */
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessage } from '../query/bridge-call';
import { Button } from '../ui/button';

interface BoundaryProps {
  viewName: string;
  onReset(): void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For support: the component stack says where; never includes the key (it never gets here).
    console.error(`The ${this.props.viewName} view failed:`, error, info.componentStack);
  }

  retry = () => {
    this.props.onReset();
    this.setState({ error: null, failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="m-pad rounded-lg border border-danger bg-surface p-pad">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-danger">
          <TriangleAlert aria-hidden className="size-5" />
          {this.props.viewName} could not be shown
        </h2>
        <p className="mt-2 text-sm">What failed: {errorMessage(this.state.error)}</p>
        <p className="mt-1 text-sm text-muted">
          The rest of Packbench still works. Try again, or go to another view.
        </p>
        <Button tone="primary" className="mt-3" onClick={this.retry}>
          Retry
        </Button>
      </div>
    );
  }
}

export function ViewErrorBoundary({
  viewName,
  children,
}: {
  viewName: string;
  children: ReactNode;
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary viewName={viewName} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
