/**
 * The tests' view of shared/api/openapi.yaml: an answer (status, content type, body) or a
 * request body checked against the description, with every violation listed. Built on the one
 * OpenAPI validator (shared/api/openapi-validator.ts) in its strict reading: formats, patterns,
 * lengths, ranges and enums included.
 */
import { openApiToJsonSchema } from '../../../shared/api/openapi-json-schema';
import {
  isJsonMediaType,
  mediaTypeMatches,
  type OpenApiValidator,
  openApiValidator,
  problemLines,
} from '../../../shared/api/openapi-validator';

export { openApiToJsonSchema };

export interface ApiValidator {
  /**
   * Throws an Error listing every schema violation (path + message) when the body does not
   * match the documented response of that operation and status. Also checks the content type
   * is one the operation documents for that status.
   */
  assertResponse(
    operationId: string,
    status: number,
    contentType: string | null,
    body: unknown,
  ): void;
  /** Validates a request body against the operation's request schema; returns the errors (empty when valid). */
  requestErrors(operationId: string, body: unknown): string[];
}

let cached: ApiValidator | undefined;

/** The strict validator for shared/api/openapi.yaml, built once per process. */
export function loadApiValidator(): ApiValidator {
  cached ??= apiValidator(openApiValidator('strict'));
  return cached;
}

function apiValidator(v: OpenApiValidator): ApiValidator {
  const operation = (operationId: string) => {
    const op = v.operation(operationId);
    if (!op) throw new Error(`OpenAPI: no operation "${operationId}"`);
    return op;
  };
  return {
    assertResponse(operationId, status, contentType, body) {
      const op = operation(operationId);
      const where = `${operationId} (${op.method.toUpperCase()} ${op.path}) ${status}`;
      const documented = v.contentTypes(operationId, status);
      if (documented === undefined) throw new Error(`${where}: status ${status} is not documented`);
      if (documented.length === 0) return;
      const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
      const match = documented.find((m) => mediaTypeMatches(m, mediaType));
      if (match === undefined) {
        throw new Error(
          `${where}: content type "${contentType ?? '(none)'}" is not documented (documented: ${documented.join(', ')})`,
        );
      }
      if (!isJsonMediaType(match)) return; // binary / CSV: the content type is all we check
      const validate = v.response(operationId, status);
      if (validate && !validate(body)) {
        const lines = problemLines(validate.errors).map((line) => `  - ${line}`);
        throw new Error(`${where}: the body does not match the schema:\n${lines.join('\n')}`);
      }
    },

    requestErrors(operationId, body) {
      operation(operationId);
      const validate = v.request(operationId);
      if (!validate) return [`${operationId}: no JSON request body is documented`];
      return validate(body) ? [] : problemLines(validate.errors).map(bodyPath);
    },
  };
}

/** Request errors name the root `(body)`, as the tests read them. */
function bodyPath(line: string): string {
  return line.startsWith('(the answer)') ? `(body)${line.slice('(the answer)'.length)}` : line;
}
