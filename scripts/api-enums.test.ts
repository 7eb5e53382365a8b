import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import * as enums from '../shared/api/enums.gen';
import { collectEnums, generateEnumsModule } from './api-enums';

const dir = mkdtempSync(join(tmpdir(), 'packbench-api-enums-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a small OpenAPI document and generates its enums module. */
function generate(document: Record<string, unknown>): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, stringify(document));
  return generateEnumsModule(file);
}

const doc = (schemas: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  paths: {},
  components: { schemas, ...extra },
});

describe('the generated enums (shared/api/enums.gen.ts)', () => {
  it('hold the value lists of openapi.yaml, blank and null left out', () => {
    expect(enums.RETURN_REQUEST_REASON).toEqual([
      'too_small',
      'too_large',
      'wrong_color',
      'damaged',
      'not_as_described',
      'wrong_item',
      'changed_mind',
      'arrived_late',
      'quality',
      'other',
    ]);
    expect(enums.STOCK_LEVEL_RECALL).toEqual(['voluntary', 'mandatory']);
    expect(enums.ORDER_STAGE_PARAM).toEqual([
      'open',
      'labels',
      'shipped',
      'delivered',
      'cancelled',
    ]);
    expect(enums.ORDERS_DOCUMENT_DOWNLOAD_KIND_PARAM).toEqual([
      'commercial_invoice',
      'packing_slip',
      'pick_list',
    ]);
  });

  it('the return status filter takes open, closed and every status a return can have', () => {
    expect([...enums.RETURN_STATUS_PARAM].sort()).toEqual(
      ['open', 'closed', ...enums.RETURN_REQUEST_STATUS].sort(),
    );
  });

  it('names a list by where it is: property, array items, shared or inline parameter', () => {
    const lists = collectEnums({
      components: {
        schemas: {
          ParcelScan: {
            type: 'object',
            properties: {
              scan_kind: { type: 'string', enum: ['IN', 'OUT', ''] },
              tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
              hold: { type: 'string', nullable: true, enum: ['x', null] },
            },
          },
        },
        parameters: {
          ScanWindow: {
            name: 'w',
            in: 'query',
            schema: { type: 'string', 'x-known-values': ['day'] },
          },
        },
      },
      paths: {
        '/scans/{kind}/': {
          get: {
            operationId: 'scans_list',
            parameters: [{ name: 'kind', in: 'path', schema: { type: 'string', enum: ['in'] } }],
          },
        },
      },
    });
    expect(lists.map((l) => [l.name, l.values, l.blank, l.nullable])).toEqual([
      ['PARCEL_SCAN_SCAN_KIND', ['IN', 'OUT'], true, false],
      ['PARCEL_SCAN_TAGS', ['a', 'b'], false, false],
      ['PARCEL_SCAN_HOLD', ['x'], false, true],
      ['SCAN_WINDOW_PARAM', ['day'], false, false],
      ['SCANS_LIST_KIND_PARAM', ['in'], false, false],
    ]);
  });

  it('writes a readonly tuple and a type derived from it, saying when blank is possible', () => {
    const text = generate(
      doc({
        Parcel: { type: 'object', properties: { size: { type: 'string', enum: ['S', ''] } } },
      }),
    );
    expect(text).toContain('/** `Parcel.size` (may also be blank). */');
    expect(text).toContain("export const PARCEL_SIZE = ['S'] as const;");
    expect(text).toContain('export type ParcelSize = (typeof PARCEL_SIZE)[number];');
  });

  it('refuses an enum it would not name, and two lists with one name', () => {
    const header = { name: 'X-Mode', schema: { type: 'string', enum: ['a'] } };
    expect(() => generate(doc({}, { headers: { Mode: header } }))).toThrow(
      /1 enum lists but only 0/,
    );
    expect(() =>
      generate(
        doc({
          A: { type: 'object', properties: { b_c: { type: 'string', enum: ['x'] } } },
          A_b: { type: 'object', properties: { c: { type: 'string', enum: ['y'] } } },
        }),
      ),
    ).toThrow(/Two enum lists would be named A_B_C/);
  });

  it('refuses a list that is not text', () => {
    expect(() =>
      generate(
        doc({ Box: { type: 'object', properties: { n: { type: 'integer', enum: [1, 2] } } } }),
      ),
    ).toThrow(/only string enums/);
  });
});
