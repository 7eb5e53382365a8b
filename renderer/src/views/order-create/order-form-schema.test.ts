import { describe, expect, it } from 'vitest';
import {
  emptyItem,
  emptyOrderForm,
  type OrderFormValues,
  orderFormSchema,
  toOrderRequest,
} from './order-form-schema';

const valid = (): OrderFormValues => ({
  ...emptyOrderForm(),
  recipient_name: 'Ada Lovelace',
  address1: '12 St James Sq',
  city: 'London',
  postal_code: 'SW1Y 4JH',
  country: 'gb',
});

function errorsOf(values: OrderFormValues): Record<string, string> {
  const result = orderFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the create-order schema', () => {
  it('asks for the five required fields', () => {
    expect(Object.keys(errorsOf(emptyOrderForm())).sort()).toEqual(
      ['address1', 'city', 'country', 'postal_code', 'recipient_name'].sort(),
    );
    expect(errorsOf(valid())).toEqual({});
  });

  it('holds the spec’s length bounds', () => {
    expect(errorsOf({ ...valid(), recipient_name: 'x'.repeat(121) })).toHaveProperty(
      'recipient_name',
    );
    expect(errorsOf({ ...valid(), recipient_name: 'x'.repeat(120) })).toEqual({});
    expect(errorsOf({ ...valid(), order_name: 'x'.repeat(65) })).toHaveProperty('order_name');
    expect(errorsOf({ ...valid(), province_code: 'x'.repeat(11) })).toHaveProperty('province_code');
    expect(errorsOf({ ...valid(), risk_level: 'x'.repeat(21) })).toHaveProperty('risk_level');
    expect(errorsOf({ ...valid(), customer_email: `${'x'.repeat(250)}@a.io` })).toHaveProperty(
      'customer_email',
    );
  });

  it('takes a two-letter country code only', () => {
    for (const bad of ['G', 'GBR', 'G1', 'UK ']) {
      // 'UK ' trims to UK: valid two letters (the API checks the code list).
      const errors = errorsOf({ ...valid(), country: bad });
      if (bad === 'UK ') expect(errors).toEqual({});
      else expect(errors).toHaveProperty('country');
    }
  });

  it('takes decimals as D(8,2) strings', () => {
    for (const good of ['0', '12.5', '12.50', '-3.00', '12345678.99']) {
      expect(errorsOf({ ...valid(), total_amount: good })).toEqual({});
    }
    for (const bad of ['12.505', '123456789', '1,50', '12.', 'abc', '+1']) {
      expect(errorsOf({ ...valid(), total_amount: bad })).toHaveProperty('total_amount');
    }
  });

  it('checks currency, email, dates, weight and the customer id', () => {
    expect(errorsOf({ ...valid(), currency: 'EURO' })).toHaveProperty('currency');
    expect(errorsOf({ ...valid(), currency: 'eu' })).toHaveProperty('currency');
    expect(errorsOf({ ...valid(), customer_email: 'not-an-email' })).toHaveProperty(
      'customer_email',
    );
    expect(errorsOf({ ...valid(), order_date: 'yesterday' })).toHaveProperty('order_date');
    expect(errorsOf({ ...valid(), weight_kg: '-1' })).toHaveProperty('weight_kg');
    expect(errorsOf({ ...valid(), customer: '12.5' })).toHaveProperty('customer');
  });

  it('checks items row by row', () => {
    const errors = errorsOf({
      ...valid(),
      items: [
        { ...emptyItem, sku: 'MUG-1', weight_kg: '0.3' },
        { ...emptyItem, sku: '', qty: '0', price: '1.999', weight_kg: 'heavy' },
      ],
    });
    expect(Object.keys(errors).sort()).toEqual(
      ['items.1.price', 'items.1.qty', 'items.1.sku', 'items.1.weight_kg'].sort(),
    );
  });

  it('checks the billing country code only when a billing address is given', () => {
    const billing = { ...emptyOrderForm().billing_address, country_code: 'USA' };
    expect(errorsOf({ ...valid(), billing_address: billing })).toEqual({});
    expect(
      errorsOf({ ...valid(), has_billing_address: true, billing_address: billing }),
    ).toHaveProperty('billing_address.country_code');
  });
});

describe('toOrderRequest', () => {
  it('leaves out empty fields and converts the rest to the API’s types', () => {
    const body = toOrderRequest({
      ...valid(),
      currency: 'eur',
      total_amount: ' 10.50 ',
      weight_kg: '1.25',
      customer: '42',
      order_date: '2026-11-20T10:30',
      status: 'ready',
      accepts_marketing: 'no',
      tags: ' vip, , gift ',
      items: [{ ...emptyItem, sku: 'MUG-1', qty: '2', price: '9.99', weight_kg: '0.4' }],
      tax_lines: [{ title: 'VAT', rate: '0.2', price: '1.75' }],
      note_attributes: [{ name: 'gift_message', value: 'Happy birthday' }],
    });
    expect(body).toEqual({
      recipient_name: 'Ada Lovelace',
      address1: '12 St James Sq',
      city: 'London',
      postal_code: 'SW1Y 4JH',
      country: 'GB',
      currency: 'EUR',
      total_amount: '10.50',
      weight_kg: 1.25,
      customer: 42,
      order_date: new Date('2026-11-20T10:30').toISOString(),
      status: 'ready',
      accepts_marketing: false,
      tags: ['vip', 'gift'],
      items: [{ sku: 'MUG-1', qty: 2, price: '9.99', weight_kg: 0.4 }],
      tax_lines: [{ title: 'VAT', rate: 0.2, price: '1.75' }],
      note_attributes: [{ name: 'gift_message', value: 'Happy birthday' }],
    });
  });

  it('sends the billing address only when asked, without its empty keys', () => {
    const billing = { ...emptyOrderForm().billing_address, city: 'Paris', country_code: 'fr' };
    expect(toOrderRequest({ ...valid(), billing_address: billing })).not.toHaveProperty(
      'billing_address',
    );
    expect(
      toOrderRequest({ ...valid(), has_billing_address: true, billing_address: billing })
        .billing_address,
    ).toEqual({ city: 'Paris', country_code: 'FR' });
  });
});
