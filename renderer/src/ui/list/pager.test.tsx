// @vitest-environment jsdom
/** The pager as a person uses it, and the page number that starts again on a new filter. */
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager, rangeText, usePageNumber } from './pager';

afterEach(cleanup);

const n = (v: number) => v.toLocaleString('en-US');

function renderPager(page: number, total: number | undefined) {
  const onPage = vi.fn();
  const onPageSize = vi.fn();
  const view = render(
    <Pager
      noun="stock rows"
      page={page}
      pageSize={50}
      pageSizes={[25, 50, 100]}
      total={total}
      onPage={onPage}
      onPageSize={onPageSize}
      testIds={{ range: 'range', pages: 'pages' }}
    />,
  );
  return { onPage, onPageSize, view };
}

describe('Pager', () => {
  it('stops at the last page a request may ask for when the count is huge, and says why', async () => {
    // 10^12 rows at 50 a page: 20 billion pages, far past the bridge's bound.
    const { onPage } = renderPager(3, 1_000_000_000_000);
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Last page that can be opened' }));
    expect(onPage).toHaveBeenCalledWith(1_000_000);
    expect(screen.getByTestId('pager-bound').textContent).toContain('narrow the filters');
    expect(screen.getByTestId('pages').textContent).toBe('of 20,000,000,000');
  });

  it('shows a seven-digit page with digit grouping and takes one typed with it', async () => {
    const { onPage } = renderPager(999_999, 100_000_000);
    const box = screen.getByLabelText('Page') as HTMLInputElement;
    expect(box.value).toBe(n(999_999));
    // Wide enough for it: the box is not the 4-character one it was.
    expect(box.className).toContain('w-28');
    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, '1,000,000{Enter}');
    expect(onPage).toHaveBeenCalledWith(1_000_000);
  });

  it('says which rows of how many, and how many pages', () => {
    renderPager(2, 1284);
    expect(screen.getByTestId('range').textContent).toBe('Stock rows 51–100 of 1,284');
    expect(screen.getByTestId('pages').textContent).toBe('of 26');
    expect(rangeText('returns', 1, 50, 0, n)).toBe('0 returns');
    expect(rangeText('returns', 1, 50, undefined, n)).toBe('Counting returns…');
    expect(rangeText('returns', 3, 50, 120, n)).toBe('Returns 101–120 of 120');
  });

  it('turns pages, stops at both ends, and jumps to a typed page within the range', async () => {
    const user = userEvent.setup();
    const first = renderPager(1, 120);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(first.onPage.mock.calls).toEqual([[2], [3]]);
    const box = screen.getByLabelText('Page');
    await user.clear(box);
    await user.type(box, '99{Enter}');
    expect(first.onPage).toHaveBeenLastCalledWith(3);
    await user.selectOptions(screen.getByLabelText('Per page'), '100');
    expect(first.onPageSize).toHaveBeenCalledWith(100);
    cleanup();

    renderPager(3, 120);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    expect((screen.getByLabelText('Page') as HTMLInputElement).value).toBe('3');
  });

  it('shows the new page number once the page changes, whatever was typed before', async () => {
    const user = userEvent.setup();
    const { view, onPage } = renderPager(1, 500);
    await user.clear(screen.getByLabelText('Page'));
    await user.type(screen.getByLabelText('Page'), '4');
    view.rerender(
      <Pager
        noun="stock rows"
        page={2}
        pageSize={50}
        pageSizes={[50]}
        total={500}
        onPage={onPage}
        onPageSize={() => {}}
        testIds={{ range: 'range', pages: 'pages' }}
      />,
    );
    expect((screen.getByLabelText('Page') as HTMLInputElement).value).toBe('2');
  });
});

describe('usePageNumber', () => {
  it('starts again at page 1 when the key (filters, page size) changes', () => {
    const hook = renderHook(({ key }) => usePageNumber(key), { initialProps: { key: 'a|50' } });
    act(() => hook.result.current[1](4));
    expect(hook.result.current[0]).toBe(4);
    hook.rerender({ key: 'a|50' });
    expect(hook.result.current[0]).toBe(4);
    hook.rerender({ key: 'b|50' });
    expect(hook.result.current[0]).toBe(1);
  });
});
