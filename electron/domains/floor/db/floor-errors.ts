/**
 * What went wrong with the floor's database, as a kind and a sentence for a person: the
 * errors `pg`, Node's sockets and TLS, and PostgreSQL itself raise (SQLSTATE codes from
 * PostgreSQL's appendix A). The sentence never carries the password (no error here holds it)
 * nor SQL text; a migration refusal (FloorSchemaError) is already a sentence.
 */
import type { FloorTestKind } from '@shared/contract/floor-values';
import { FloorSchemaError } from './migrate';

/** What went wrong: the Test connection verdict's kinds, less its 'ok' (one list, in shared/). */
export type FloorErrorKind = Exclude<FloorTestKind, 'ok'>;

export interface FloorErrorInfo {
  kind: FloorErrorKind;
  message: string;
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'EPROTO',
]);

export function classifyFloorError(error: unknown): FloorErrorInfo {
  if (error instanceof FloorSchemaError) return { kind: 'schema', message: error.message };
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const text = String((error as Error | null)?.message ?? error);
  if (TLS_CODES.has(code) || /certificate|self[- ]signed|SSL|TLS/i.test(text)) {
    if (/does not support SSL/i.test(text)) {
      return {
        kind: 'tls',
        message:
          'The floor database does not offer TLS. Ask IT to turn TLS on, or set TLS to off (only on a trusted network).',
      };
    }
    if (/no encryption|pg_hba\.conf/i.test(text)) {
      return {
        kind: 'tls',
        message: 'The floor database accepts only TLS connections: set TLS to require or verify.',
      };
    }
    return {
      kind: 'tls',
      message:
        "The floor database's TLS certificate could not be verified (self-signed, expired or for another host). Set TLS to require to encrypt without checking it, or ask IT for the certificate.",
    };
  }
  if (code === '28P01' || /password authentication failed/i.test(text)) {
    return {
      kind: 'password',
      message: 'The floor database refused the user name or password.',
    };
  }
  if (code === '28000') {
    if (/no encryption/i.test(text)) {
      return {
        kind: 'tls',
        message: 'The floor database accepts only TLS connections: set TLS to require or verify.',
      };
    }
    return {
      kind: 'rights',
      message:
        'The floor database does not let this user connect from this computer (ask IT to allow it).',
    };
  }
  if (code === '3D000') {
    return {
      kind: 'database',
      message:
        'There is no database of that name on the floor server (check the name, or ask IT to create it).',
    };
  }
  if (code === '42501' || /permission denied/i.test(text)) {
    return {
      kind: 'rights',
      message:
        "This user may not create or change the floor's tables in that database (ask IT to make it the owner, or grant CREATE).",
    };
  }
  if (code === '57014' || /statement timeout|canceling statement/i.test(text)) {
    return { kind: 'timeout', message: 'The floor database took too long to answer.' };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return {
      kind: 'unreachable',
      message: 'The floor database host name is not known on this network.',
    };
  }
  if (code === 'ECONNREFUSED' || code === 'ENOENT') {
    return {
      kind: 'unreachable',
      message:
        'Nothing answers at that host and port: the floor database is down, or the port is wrong.',
    };
  }
  if (
    /^(ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ECONNRESET|EPIPE)$/.test(code) ||
    /^(08|57P0)/.test(code) ||
    /timeout exceeded when trying to connect|Connection terminated|connection error|not queryable/i.test(
      text,
    )
  ) {
    return { kind: 'unreachable', message: 'The floor database cannot be reached.' };
  }
  return {
    kind: 'other',
    message: `The floor database answered with an error: ${firstLine(text)}`,
  };
}

export function describeFloorError(error: unknown): string {
  return classifyFloorError(error).message;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 200);
}
