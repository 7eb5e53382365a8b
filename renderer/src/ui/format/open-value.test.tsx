// @vitest-environment jsdom
/**
 * Open-shaped fields as a person reads them: nested objects as labelled lists, arrays as
 * words or tables, nulls as "nothing", keys nobody planned for shown in words, never JSON
 * text; and the raw JSON one click away.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createFormatters } from './formatters';
import { OpenField, OpenValue } from './open-value';
import { keyLabel, readableScalar } from './open-value-text';

const format = createFormatters('en-GB', 'UTC');
afterEach(cleanup);

const show = (value: unknown, currency: string | null = 'EUR', name?: string) =>
  render(<OpenValue value={value} format={format} currency={currency} name={name} />).container;

describe('nested objects', () => {
  it('reads a partner write-back as labelled words, with its date in the locale', () => {
    const box = show({
      partner: 'amazon',
      state: 'pending',
      updated_at: '2026-11-22T22:17:00.000Z',
    });
    const terms = [...box.querySelectorAll('dt')].map((d) => d.textContent);
    const values = [...box.querySelectorAll('dd')].map((d) => d.textContent);
    expect(terms).toEqual(['Partner', 'State', 'Updated at']);
    expect(values).toEqual(['Amazon', 'Pending', '22 Nov 2026, 22:17']);
    expect(box.textContent).not.toMatch(/[{}"]/);
  });

  it('reads an exchange draft with its line items as a table', () => {
    const box = show({
      name: '#EX4190',
      status: 'open',
      line_items: [
        { sku: 'CBL-BLK-0144', quantity: 1 },
        { sku: 'TSH-BLU-XS-0086', quantity: 2 },
      ],
    });
    const table = box.querySelector('table[data-open="table"]') as HTMLTableElement;
    expect([...table.querySelectorAll('th')].map((t) => t.textContent)).toEqual([
      'SKU',
      'Quantity',
    ]);
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual([
      'CBL-BLK-01441',
      'TSH-BLU-XS-00862',
    ]);
    expect(box.textContent).toContain('#EX4190');
    expect(box.textContent).toContain('Open');
  });

  it('shows money with its currency, and identifiers without grouping', () => {
    const box = show({ refund_id: 9300136, amount: '123.98', currency: 'GBP' });
    expect(box.textContent).toContain('£123.98');
    expect(box.textContent).toContain('9300136');
    expect(show({ amount: '58.99', currency: 'EUR' }).textContent).toBe('€58.99');
  });

  it('bounds the depth of a pathological value instead of drawing it all', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 50; i += 1) deep = { level: deep };
    expect(show(deep).textContent).toContain('(more detail in the JSON)');
  });
});

describe('arrays', () => {
  it('lists words as a comma list, codes under code keys as words', () => {
    expect(show(['gift', 'fraud_review']).textContent).toBe('gift, fraud_review');
    expect(show(['high_return_rate', 'new_customer'], null, 'reason').textContent).toBe(
      'High return rate, New customer',
    );
  });

  it('lists records of different shapes as a numbered list of labelled values', () => {
    const box = show([
      { note: 'Box dented' },
      { photo: { url: 'https://x.example/1.jpg' }, by: 'Ana' },
    ]);
    const items = box.querySelectorAll('ol[data-open="list"] > li');
    expect(items).toHaveLength(2);
    expect(within(items[1] as HTMLElement).getByText('Photo')).toBeTruthy();
    expect(items[1]?.textContent).toContain('https://x.example/1.jpg');
  });

  it('shows the first 50 items of a long list and says how many more', () => {
    const many = Array.from({ length: 60 }, (_, i) => `tag${i}`);
    expect(show(many).textContent).toMatch(/tag49 and 10 more$/);
  });
});

describe('nulls and empties', () => {
  it('shows nothing-values as a dash, never "null"', () => {
    for (const value of [null, undefined, '', '  ', [], {}, [null, ''], { a: null, b: [] }]) {
      expect(show(value).textContent).toBe('—');
    }
  });

  it('leaves empty keys out of an object', () => {
    const box = show({ refund_id: null, note: 'Kept', tags: [] });
    expect([...box.querySelectorAll('dt')].map((d) => d.textContent)).toEqual(['Note']);
  });

  it('says yes and no for booleans', () => {
    expect(show({ gift: true, fragile: false }).textContent).toBe('GiftYesFragileNo');
  });
});

describe('unknown keys', () => {
  it('shows keys nobody planned for in words, whatever their case', () => {
    const box = show({ carrierPickupWindow: '2026-11-24', x_partner_ref: 'A-7', CO2e_kg: 0.5 });
    expect([...box.querySelectorAll('dt')].map((d) => d.textContent)).toEqual([
      'Carrier pickup window',
      'X partner ref',
      'CO₂e (kg)',
    ]);
    expect(box.textContent).toContain('24 Nov 2026');
    expect(box.textContent).toContain('A-7');
  });

  it('never rewords a value that is not under a code key (codes, SKUs, names)', () => {
    expect(
      readableScalar('SC-2RBY-DLBM', { format, key: 'store_credit_code', currency: null }),
    ).toBe('SC-2RBY-DLBM');
    expect(readableScalar('carrier_c', { format, key: 'name', currency: null })).toBe('carrier_c');
    expect(keyLabel('passport_count')).toBe('Passport count');
  });
});

describe('the raw JSON, one click away', () => {
  it('shows and hides exactly what the API sent', async () => {
    const value = { partner: 'amazon', state: 'sent' };
    render(<OpenField label="Partner write-back" value={value} format={format} />);
    expect(screen.queryByText(/"partner"/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show JSON of Partner write-back' }));
    expect(JSON.parse(document.querySelector('pre')?.textContent ?? '')).toEqual(value);
    await userEvent.click(screen.getByRole('button', { name: 'Hide JSON of Partner write-back' }));
    expect(document.querySelector('pre')).toBeNull();
  });

  it('offers no JSON for an empty value', () => {
    render(<OpenField label="Exchange draft" value={null} format={format} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
