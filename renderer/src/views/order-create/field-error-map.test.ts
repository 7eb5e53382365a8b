import { describe, expect, it } from 'vitest';
import { formPathFor, mapFieldErrors } from './field-error-map';
import { emptyItem, emptyOrderForm, type OrderFormValues } from './order-form-schema';

const values = (): OrderFormValues => ({
  ...emptyOrderForm(),
  items: [{ ...emptyItem }, { ...emptyItem }],
  tax_lines: [{ title: 'VAT', rate: '0.2', price: '1.00' }],
  has_billing_address: true,
});

describe('API field errors on the form', () => {
  // Plain and nested paths go to the fields that show them; paths the form cannot show go to
  // their nearest shown ancestor.
  it.each([
    ['city', 'city'],
    ['items.1.qty', 'items.1.qty'],
    ['tax_lines.0.price', 'tax_lines.0.price'],
    ['billing_address.zip', 'billing_address.zip'],
    ['tags.2', 'tags'],
    ['items', 'items.root'],
    ['items.5.qty', 'items.root'],
    ['items.0.gtin', 'items.root'],
    ['billing_address', 'billing_address.root'],
  ])('shows the API path %s on %s', (path, shown) => {
    expect(formPathFor(path, values())).toBe(shown);
  });

  it('sends the billing address to its whole section when the form has none', () => {
    expect(formPathFor('billing_address.zip', { ...values(), has_billing_address: false })).toBe(
      'billing_address.root',
    );
  });

  it('keeps what names no field for a message over the whole form', () => {
    const mapped = mapFieldErrors(
      {
        postal_code: ['Ensure this field has no more than 40 characters.'],
        'items.1.qty': ['Must be an integer.', 'Second message'],
        'items.0.gtin': ['Unknown GTIN.'],
        non_field_errors: ['The body must be a JSON object.'],
        shop_id: ['Read-only.'],
        city: [],
      },
      values(),
    );
    expect(mapped.fields).toEqual([
      { path: 'postal_code', message: 'Ensure this field has no more than 40 characters.' },
      { path: 'items.1.qty', message: 'Must be an integer.' },
      { path: 'items.root', message: 'items.0.gtin: Unknown GTIN.' },
    ]);
    expect(mapped.general).toEqual(['The body must be a JSON object.', 'shop_id: Read-only.']);
  });

  it('answers nothing for no field errors', () => {
    expect(mapFieldErrors(undefined, values())).toEqual({ fields: [], general: [] });
  });
});
