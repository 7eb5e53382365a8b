/**
 * Inside the main process, bridge code throws a BridgeFailure carrying the typed error; the
 * dispatcher turns it into `{ ok: false, error }` at the boundary. Anything else thrown is a
 * bug and crosses as `internal`, with a generic message (its text might hold a secret).
 */
import { type BridgeError, type BridgeErrorCode, bridgeError } from '@shared/contract/bridge-error';

export class BridgeFailure extends Error {
  readonly error: BridgeError;
  constructor(error: BridgeError);
  constructor(
    code: BridgeErrorCode,
    message: string,
    extra?: Omit<BridgeError, 'code' | 'message'>,
  );
  constructor(
    errorOrCode: BridgeError | BridgeErrorCode,
    message?: string,
    extra?: Omit<BridgeError, 'code' | 'message'>,
  ) {
    const error =
      typeof errorOrCode === 'string'
        ? bridgeError(errorOrCode, message ?? errorOrCode, extra)
        : errorOrCode;
    super(error.message);
    this.name = 'BridgeFailure';
    this.error = error;
  }
}

export function isBridgeFailure(e: unknown): e is BridgeFailure {
  return e instanceof BridgeFailure;
}

/**
 * Replaces every occurrence of each secret in `text` with a mark. Used on anything that might
 * reach a log, an error message or a crash report.
 */
export function redact(text: string, secrets: readonly (string | undefined | null)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out;
}
