/**
 * The create-order draft, kept in the settings file under `views['order-create-draft']`.
 * Why there and not in localStorage: browser mode serves the console from a new port on
 * every launch (a new origin, so a new, empty localStorage), and the settings file is where
 * the console keeps per-view state across restarts anyway (private to the user, atomic
 * writes). `restoreDraft` reads it back forgivingly: a draft from an older form keeps what
 * still fits and drops the rest, never breaking the form.
 */
import { BILLING_FIELDS, SCALAR_FIELDS, STATUSES } from './order-form-fields';
import { emptyItem, emptyOrderForm, type OrderFormValues } from './order-form-schema';

export const DRAFT_VIEW_KEY = 'order-create-draft';

export interface StoredDraft {
  values: OrderFormValues;
  savedAt: string;
  /**
   * The draft's reference, made when the draft is and sent with every create of it: the bridge
   * writes it into the order and looks for it before sending, so a resubmit after a lost
   * answer (or a restart) never creates a second order.
   */
  reference?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored reference, if it is one (a hand-edited settings file may hold anything). */
export function readReference(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

const text = (value: unknown, fallback = ''): string =>
  typeof value === 'string' ? value : fallback;

function rows<T extends Record<string, string>>(value: unknown, empty: T): T[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, 200).map((row) => {
    const source = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
    return Object.fromEntries(Object.keys(empty).map((k) => [k, text(source[k], empty[k])])) as T;
  });
}

export function restoreDraft(raw: unknown): StoredDraft | null {
  if (raw === null || typeof raw !== 'object') return null;
  const stored = raw as { values?: unknown; savedAt?: unknown; reference?: unknown };
  if (stored.values === null || typeof stored.values !== 'object') return null;
  const v = stored.values as Record<string, unknown>;
  const values = emptyOrderForm();
  for (const f of SCALAR_FIELDS) values[f.name] = text(v[f.name]);
  const status = text(v.status);
  values.status = (STATUSES as readonly string[]).includes(status)
    ? (status as OrderFormValues['status'])
    : '';
  values.accepts_marketing =
    v.accepts_marketing === 'yes' || v.accepts_marketing === 'no' ? v.accepts_marketing : '';
  values.tags = text(v.tags);
  values.items = rows(v.items, emptyItem);
  values.tax_lines = rows(v.tax_lines, { title: '', rate: '', price: '' });
  values.note_attributes = rows(v.note_attributes, { name: '', value: '' });
  values.has_billing_address = v.has_billing_address === true;
  const billing = (v.billing_address ?? {}) as Record<string, unknown>;
  for (const f of BILLING_FIELDS) values.billing_address[f.name] = text(billing[f.name]);
  const reference = readReference(stored.reference);
  return { values, savedAt: text(stored.savedAt), ...(reference ? { reference } : {}) };
}

/** True when the person has typed nothing worth keeping. */
export function isBlank(values: OrderFormValues): boolean {
  return JSON.stringify(values) === JSON.stringify(emptyOrderForm());
}
