/**
 * What each operation promises to answer, checked at run time: the documented content types
 * per status, and JSON bodies against the OpenAPI schema in the tolerant reading of the one
 * OpenAPI validator (shared/api/openapi-validator.ts): a missing required field, a wrong type
 * or a null where none is allowed is caught; unknown fields and values outside documented
 * bounds (formats, patterns, lengths, ranges, enums) are let through.
 */
import { openApiValidator, problemLines } from '../../../shared/api/openapi-validator';
import type { operations } from '../../../shared/api/schema.gen';

export type OperationId = keyof operations;

export interface ResponseContract {
  /** The media types documented for this status, or undefined when the status is not documented. */
  contentTypes(operationId: OperationId, status: number): string[] | undefined;
  /** Why `body` does not fit the documented JSON schema (empty when it does). */
  problems(operationId: OperationId, status: number, body: unknown): string[];
}

const contract: ResponseContract = {
  contentTypes: (operationId, status) =>
    openApiValidator('tolerant').contentTypes(operationId, status),
  problems(operationId, status, body) {
    const v = openApiValidator('tolerant');
    if (v.contentTypes(operationId, status) === undefined) {
      return [`HTTP ${status} is not a documented answer`];
    }
    const validate = v.response(operationId, status);
    if (!validate || validate(body)) return [];
    return problemLines(validate.errors);
  },
};

export function responseContract(): ResponseContract {
  return contract;
}
