/**
 * The sandbox's error bodies. The spec fixes only the 429 body ({ code: "throttled",
 * retry_after }); for the rest it says "a JSON body that explains the failure and, for most
 * refusals, a machine-readable code". The sandbox uses { detail, code } everywhere, and adds
 * `errors` (field → messages) on 400s. See sandbox/README.md.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
  }

  body(): Record<string, unknown> {
    return this.errors
      ? { detail: this.detail, code: this.code, errors: this.errors }
      : { detail: this.detail, code: this.code };
  }
}

export const notFound = (detail = 'Not found.') => new ApiError(404, 'not_found', detail);

/** A 400 naming each bad field and why. */
export function invalid(errors: Record<string, string[]>): ApiError {
  const fields = Object.keys(errors).join(', ');
  return new ApiError(400, 'invalid', `Invalid input: ${fields}.`, errors);
}
