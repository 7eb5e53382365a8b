/**
 * The create form's three lists (items, tax lines, note attributes) as data: the list's name
 * in the form, its heading, what a row is called, a new row's values and the row's columns.
 */
import type { ListColumn, ListName } from './list-editor';
import { emptyItem } from './order-form-schema';

export interface ListSpec {
  name: ListName;
  title: string;
  rowLabel: string;
  empty: Record<string, string>;
  columns: readonly ListColumn[];
}

export const ITEMS_LIST: ListSpec = {
  name: 'items',
  title: 'Items of the order',
  rowLabel: 'Item',
  empty: emptyItem,
  columns: [
    { key: 'sku', label: 'SKU' },
    { key: 'name', label: 'Name' },
    { key: 'qty', label: 'Quantity', inputMode: 'numeric' },
    { key: 'price', label: 'Unit price', inputMode: 'decimal', placeholder: '0.00' },
    { key: 'weight_kg', label: 'Weight (kg)', inputMode: 'decimal', placeholder: '0.000' },
    { key: 'vendor', label: 'Vendor' },
  ],
};

export const TAX_LINES_LIST: ListSpec = {
  name: 'tax_lines',
  title: 'Tax lines',
  rowLabel: 'Tax line',
  empty: { title: '', rate: '', price: '' },
  columns: [
    { key: 'title', label: 'Title' },
    { key: 'rate', label: 'Rate (0 to 1)', inputMode: 'decimal', placeholder: '0.2' },
    { key: 'price', label: 'Amount', inputMode: 'decimal', placeholder: '0.00' },
  ],
};

export const NOTE_ATTRIBUTES_LIST: ListSpec = {
  name: 'note_attributes',
  title: 'Note attributes',
  rowLabel: 'Attribute',
  empty: { name: '', value: '' },
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'value', label: 'Value' },
  ],
};
