// @vitest-environment jsdom
/** "Other fields": what the API sent that the page's sections do not show, as it came. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OtherFieldsCard } from './other-fields-card';

afterEach(cleanup);

const SHOWN = new Set(['id', 'rma_number']);

describe('OtherFieldsCard', () => {
  it('lists only the fields the page does not show, each as readable text', () => {
    render(
      <OtherFieldsCard
        value={{ id: 1, rma_number: 'R-1', x_added_later: true, x_list: ['a', 'b'] }}
        shown={SHOWN}
      />,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    expect(terms).toEqual(['x_added_later', 'x_list']);
    expect(document.querySelector('[data-field="x_added_later"]')?.textContent).toBe('Yes');
    expect(document.querySelector('[data-field="x_list"]')?.textContent).toBe('a, b');
  });

  it('is not there at all when every field is shown', () => {
    const { container } = render(
      <OtherFieldsCard value={{ id: 1, rma_number: 'R-1' }} shown={SHOWN} />,
    );
    expect(container.textContent).toBe('');
  });
});
