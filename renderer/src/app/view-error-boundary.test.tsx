// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeCallError } from '../query/bridge-call';
import { ViewErrorBoundary } from './view-error-boundary';

afterEach(cleanup);

describe('ViewErrorBoundary', () => {
  it('shows what failed, keeps the rest, and Retry renders the view again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      if (broken) {
        throw new BridgeCallError('ordersList', { code: 'bad_response', message: 'Odd answer.' });
      }
      return <p>Orders are here</p>;
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <nav>Navigation</nav>
        <ViewErrorBoundary viewName="Orders">
          <Flaky />
        </ViewErrorBoundary>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Orders could not be shown');
    expect(screen.getByRole('alert').textContent).toContain('What failed: Odd answer.');
    expect(screen.getByText('Navigation')).toBeTruthy();

    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Orders are here')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
