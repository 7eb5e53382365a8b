/**
 * The value lists of shared/api/openapi.yaml as a module (shared/api/enums.gen.ts), so the
 * bridge contract, the sandbox and the console's filters take them from the description instead
 * of keeping copies. Each list is a readonly tuple in the document's order with a type derived
 * from it; blank ("") and null members are left out: they mean "none", not a value to pick or
 * filter by (the doc comment says when a field may also be blank or null).
 *
 * Named mechanically, so a reader can find the source of each list:
 * - a schema property, `ReturnRequest.reason` → RETURN_REQUEST_REASON / ReturnRequestReason
 *   (an array property's items too: `OrderDocumentsRequest.kinds` → ORDER_DOCUMENTS_REQUEST_KINDS);
 * - a shared parameter, `#/components/parameters/OrderStage` → ORDER_STAGE_PARAM, from its
 *   `enum` or, for a parameter that accepts any string, its `x-known-values`;
 * - a parameter written inside an operation, `kind` of orders_document_download →
 *   ORDERS_DOCUMENT_DOWNLOAD_KIND_PARAM.
 * An enum anywhere else in the document fails the generation rather than being skipped.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

type Json = Record<string, unknown>;

interface EnumList {
  name: string;
  source: string;
  values: string[];
  blank: boolean;
  nullable: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `ReturnRequest`, `svc_normalized_status` → `RETURN_REQUEST`, `SVC_NORMALIZED_STATUS`. */
function constantCase(...parts: string[]): string {
  return parts
    .map((p) =>
      p
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/[^A-Za-z0-9]+/g, '_')
        .toUpperCase(),
    )
    .join('_');
}

function typeName(constant: string): string {
  return constant
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

/** The listed values of a schema: its `enum`, else its `x-known-values`. */
function listedValues(schema: Json): unknown[] | undefined {
  const values = schema.enum ?? schema['x-known-values'];
  return Array.isArray(values) ? values : undefined;
}

function enumList(name: string, source: string, values: unknown[]): EnumList {
  const bad = values.filter((v) => v !== null && typeof v !== 'string');
  if (bad.length > 0) throw new Error(`${source}: only string enums are supported (${bad.join()})`);
  return {
    name,
    source,
    values: values.filter((v): v is string => typeof v === 'string' && v !== ''),
    blank: values.includes(''),
    nullable: values.includes(null),
  };
}

/** Every enum of a schema's properties (nested objects and array items included). */
function* schemaEnums(schema: Json, path: string[]): Generator<EnumList> {
  const values = listedValues(schema);
  if (values) yield enumList(constantCase(...path), `\`${path.join('.')}\``, values);
  if (isObject(schema.items)) yield* schemaEnums(schema.items, path);
  if (isObject(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      if (isObject(property)) yield* schemaEnums(property, [...path, key]);
    }
  }
}

function parameterEnum(parameter: Json, name: string, source: string): EnumList | undefined {
  const values = isObject(parameter.schema) ? listedValues(parameter.schema) : undefined;
  return values ? enumList(`${name}_PARAM`, source, values) : undefined;
}

/** How many `enum` / `x-known-values` lists the document holds, wherever they are. */
function countLists(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, v) => n + countLists(v), 0);
  if (!isObject(node)) return 0;
  const own = listedValues(node) ? 1 : 0;
  return Object.values(node).reduce((n: number, v) => n + countLists(v), own);
}

export function collectEnums(document: Json): EnumList[] {
  const components = (document.components ?? {}) as Json;
  const lists: EnumList[] = [];
  for (const [name, schema] of Object.entries((components.schemas ?? {}) as Json)) {
    if (isObject(schema)) lists.push(...schemaEnums(schema, [name]));
  }
  for (const [key, parameter] of Object.entries((components.parameters ?? {}) as Json)) {
    const list = isObject(parameter)
      ? parameterEnum(parameter, constantCase(key), `parameter \`${key}\``)
      : undefined;
    if (list) lists.push(list);
  }
  for (const item of Object.values((document.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method];
      if (!isObject(operation) || !Array.isArray(operation.parameters)) continue;
      for (const parameter of operation.parameters as Json[]) {
        if (typeof parameter.$ref === 'string') continue;
        const id = String(operation.operationId);
        const where = `parameter \`${String(parameter.name)}\` of ${id}`;
        const list = parameterEnum(parameter, constantCase(id, String(parameter.name)), where);
        if (list) lists.push(list);
      }
    }
  }
  const found = countLists(document);
  if (found !== lists.length) {
    throw new Error(
      `openapi.yaml holds ${found} enum lists but only ${lists.length} are where api:gen names them (schema properties, parameters): name the others in scripts/api-enums.ts.`,
    );
  }
  const names = lists.map((l) => l.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  if (twice.length > 0) throw new Error(`Two enum lists would be named ${twice.join(', ')}.`);
  return lists;
}

const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function tuple(values: string[]): string {
  const oneLine = `[${values.map(quote).join(', ')}]`;
  if (oneLine.length <= 80) return oneLine;
  return `[\n${values.map((v) => `  ${quote(v)},\n`).join('')}]`;
}

/** The contents enums.gen.ts should have for the given openapi.yaml. */
export function generateEnumsModule(file: string): string {
  const lists = collectEnums(parse(readFileSync(file, 'utf8')) as Json);
  const blocks = lists.map((l) => {
    const also = [l.blank ? 'blank' : '', l.nullable ? 'null' : ''].filter(Boolean).join(' or ');
    return [
      `/** ${l.source}${also ? ` (may also be ${also})` : ''}. */`,
      `export const ${l.name} = ${tuple(l.values)} as const;`,
      `export type ${typeName(l.name)} = (typeof ${l.name})[number];`,
    ].join('\n');
  });
  return `/**
 * The value lists of the Fulfillment Operations API (shared/api/openapi.yaml), in the document's
 * order, blank and null left out (see scripts/api-enums.ts for the naming).
 * generated by npm run api:gen — do not edit
 */

${blocks.join('\n\n')}
`;
}
