/**
 * Tolerant pages: a list page is checked as an envelope and as rows, apart.
 *
 * - The envelope (an object with a numeric `count` and a `results` array) must hold, or the
 *   page fails as 'bad_response': without it nothing can be shown.
 * - Each row is checked alone against the row schema (tolerant reading). A bad row is left out
 *   of `results` and listed in `rejectedRows` (its place, its id if readable, what was wrong in
 *   plain words): one malformed order never hides the other 499.
 * - A count the rows contradict is passed on as given, with `countContradiction`.
 *
 * - A number no row can mean (1e999, an id past 2^53) in a field the description names makes its
 *   row malformed, in both readings (number-check.ts; unknown fields are ignored, as the spec
 *   asks of clients).
 * - The count must be a finite whole number, or the envelope fails: the pager needs it.
 *
 * A page with nothing to flag is handed on as the very object parsed (no copy).
 * `reading: 'ids'` is for callers that keep only each row's id ("select all"): the rows are
 * not checked beyond that id, which is all such a caller hands on.
 */

import { openApiValidator, problemLines } from '@shared/api/openapi-validator';
import type { CheckedPage, CountContradiction, RejectedRow } from '@shared/contract/values';
import type { ErrorObject } from 'ajv';
import { badResponse } from './api-errors';
import { numberProblem } from './number-check';
import type { PagedOperation } from './operation-types';
import { valueAt } from './row-path';

export type { CheckedPage } from '@shared/contract/values';
export type PageReading = 'rows' | 'ids';

interface Envelope {
  count: number;
  next?: unknown;
  previous?: unknown;
  results: unknown[];
}

/** How a row of each list names itself. */
const ROW_ID: Record<PagedOperation, string> = {
  orders_list: 'id',
  returns_requests_list: 'id',
  inventory_list: 'product_id',
};

export function checkPage(
  operationId: PagedOperation,
  status: number,
  body: unknown,
  where: { page: number; reading?: PageReading },
): CheckedPage<Envelope> {
  const validators = openApiValidator('tolerant').page(operationId, status);
  if (!validators) throw badResponse(`an undocumented status, HTTP ${status}`, status);
  if (!validators.envelope(body)) {
    throw badResponse(problemLines(validators.envelope.errors).slice(0, 3).join('; '), status);
  }
  const page = body as Envelope;
  if (!Number.isSafeInteger(page.count)) {
    throw badResponse(
      `count is ${String(page.count)}, not a whole number that can be counted to`,
      status,
    );
  }
  const idKey = ROW_ID[operationId];
  const rejected: RejectedRow[] = [];
  const rows = page.results;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    if (where.reading === 'ids') {
      const id = readableId(row, idKey);
      if (typeof id !== 'number') {
        rejected.push({ index, id, problem: `${idKey} is missing or not a whole number` });
        continue;
      }
    } else if (!validators.row(row)) {
      rejected.push({
        index,
        id: readableId(row, idKey),
        problem: plainProblem(validators.row.errors?.[0], row),
      });
      continue;
    }
    // In both readings, so the page and "select all" leave out the same rows.
    const badNumber = numberProblem(validators.numbers, row);
    if (badNumber) rejected.push({ index, id: readableId(row, idKey), problem: badNumber });
  }
  const contradiction = countContradiction(page, where.page);
  if (rejected.length === 0 && !contradiction) return page;
  const out: CheckedPage<Envelope> = { ...page };
  if (rejected.length > 0) {
    const bad = new Set(rejected.map((r) => r.index));
    out.results = rows.filter((_, i) => !bad.has(i));
    out.rejectedRows = rejected;
  }
  if (contradiction) out.countContradiction = contradiction;
  return out;
}

/** A row's id when it is a usable one: a whole number above 0, or a non-empty string. */
export function readableId(row: unknown, key = 'id'): number | string | null {
  if (row === null || typeof row !== 'object') return null;
  const id = (row as Record<string, unknown>)[key];
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  if (typeof id === 'string' && id !== '' && id.length <= 64) return id;
  return null;
}

function countContradiction(page: Envelope, pageNumber: number): CountContradiction | undefined {
  const { count } = page;
  const rows = page.results.length;
  const only = pageNumber === 1 && page.next == null;
  // Built only when needed: toLocaleString is slow enough to show in the CPU per page.
  const said = () => `The service counts ${count.toLocaleString('en-US')} matching`;
  if (count < 0) {
    return { kind: 'negative', message: `${said()}, which cannot be right.` };
  }
  if (count < rows) {
    return {
      kind: 'fewer_than_rows',
      message: `${said()}, but this page alone holds ${rows}.`,
    };
  }
  if (pageNumber === 1 && rows === 0 && count > 0) {
    return { kind: 'rows_missing', message: `${said()}, but sent none.` };
  }
  if (only && count !== rows) {
    return {
      kind: 'differs_from_rows',
      message: `${said()}, but the whole list it sent holds ${rows}.`,
    };
  }
  return undefined;
}

/** One validation error in words a person can read: "weight_kg is empty (null), not a number". */
export function plainProblem(error: ErrorObject | undefined, row: unknown): string {
  if (!error) return 'it does not match the API’s description';
  const parts = error.instancePath.split('/').slice(1);
  const field = parts.join('.');
  switch (error.keyword) {
    case 'required': {
      const missing = String((error.params as { missingProperty?: unknown }).missingProperty);
      return `${field ? `${field}.` : ''}${missing} is missing`;
    }
    case 'type': {
      const expected = String((error.params as { type?: unknown }).type)
        .split(',')
        .map(typeName)
        .join(' or ');
      return `${field || 'the row'} is ${valueName(valueAt(row, parts))}, not ${expected}`;
    }
    default:
      return `${field || 'the row'} ${error.message ?? 'does not match the API’s description'}`;
  }
}

function typeName(type: string): string {
  const names: Record<string, string> = {
    integer: 'a whole number',
    number: 'a number',
    string: 'text',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    null: 'empty (null)',
  };
  return names[type] ?? type;
}

function valueName(value: unknown): string {
  if (value === null) return 'empty (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return Number.isInteger(value) ? 'a whole number' : 'a number';
  return typeName(typeof value);
}
