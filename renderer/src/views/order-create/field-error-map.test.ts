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
  it('maps plain and nested paths to the fields that show them', () => {
    const v = values();
    expect(formPathFor('city', v)).toBe('city');
    expect(formPathFor('items.1.qty', v)).toBe('items.1.qty');
    expect(formPathFor('tax_lines.0.price', v)).toBe('tax_lines.0.price');
    expect(formPathFor('billing_address.zip', v)).toBe('billing_address.zip');
    expect(formPathFor('tags.2', v)).toBe('tags');
  });

  it('sends paths the form cannot show to their nearest shown ancestor', () => {
    const v = values();
    expect(formPathFor('items', v)).toBe('items.root');
    expect(formPathFor('items.5.qty', v)).toBe('items.root');
    expect(formPathFor('items.0.gtin', v)).toBe('items.root');
    expect(formPathFor('billing_address', v)).toBe('billing_address.root');
    expect(formPathFor('billing_address.zip', { ...v, has_billing_address: false })).toBe(
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
