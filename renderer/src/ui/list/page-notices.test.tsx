// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PageNotices } from './page-notices';

afterEach(cleanup);

describe('PageNotices', () => {
  it('names the rows left out with what was wrong, and flags a count the rows contradict', () => {
    render(
      <PageNotices
        noun={['order', 'orders']}
        page={{
          count: -3,
          results: [{ id: 1 }],
          rejectedRows: [
            { index: 4, id: 1042, problem: 'weight_kg is empty (null), not a number' },
            { index: 7, id: null, problem: 'the row is not an object' },
          ],
          countContradiction: {
            kind: 'negative',
            message: 'The service counts −3 matching, which cannot be right.',
          },
        }}
      />,
    );
    expect(
      screen.getByText('2 orders on this page could not be read and are left out:'),
    ).toBeDefined();
    expect(screen.getByTestId('rejected-rows').textContent).toBe(
      'Order 1042: weight_kg is empty (null), not a numberRow 8: the row is not an object',
    );
    expect(screen.getByTestId('count-contradiction').textContent).toContain('−3 matching');
  });

  it('says nothing about a page with nothing to flag', () => {
    const { container } = render(
      <PageNotices noun={['order', 'orders']} page={{ count: 1, results: [{ id: 1 }] }} />,
    );
    expect(container.textContent).toBe('');
  });
});
