/**
 * `POST /bridge/call/:method`: reads a bounded JSON body `{ "args": … }`, hands the untrusted
 * method name and arguments to the dispatcher (which validates both against the contract),
 * and answers its Result with 200 whether it is ok or not. Only transport problems (body too
 * big, not JSON, wrong shape) are 4xx, so the renderer can tell "the bridge said no" from
 * "the request never reached the bridge".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BridgeError } from '@shared/contract/bridge-error';
import type { Result } from '@shared/result';
import type { Dispatcher } from '../kernel/dispatch/dispatcher-types';
import { resultJson } from '../kernel/dispatch/result-json';
import { refuse, sendJson, sendJsonText } from './security-headers';

export const MAX_BODY_BYTES = 1_048_576;

/** Method names as the contract spells them; anything else cannot be a method. */
const METHOD_NAME = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

export function isPlausibleMethodName(name: string): boolean {
  return METHOD_NAME.test(name);
}

class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(request: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyError(413, `The request body is larger than ${limit} bytes.`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyError(413, `The request body is larger than ${limit} bytes.`));
        // Stop reading: the rest is dropped, and the connection closed after the answer.
        request.pause();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
    // A caller that hangs up mid-body: 'close' without 'end' (a no-op once resolved).
    request.on('close', () => reject(new BodyError(400, 'The request body was cut off.')));
  });
}

function isJsonContentType(header: string | undefined): boolean {
  if (typeof header !== 'string') return false;
  const [type, ...params] = header.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => p === '' || p === 'charset=utf-8');
}

function internalResult(): Result<never, BridgeError> {
  return {
    ok: false,
    error: { code: 'internal', message: 'Packbench had an internal problem with this request.' },
  };
}

export async function handleCall(
  request: IncomingMessage,
  response: ServerResponse,
  method: string,
  dispatcher: Dispatcher,
  log: (line: string) => void,
): Promise<void> {
  if (!isJsonContentType(request.headers['content-type'])) {
    return refuse(response, 415, 'Calls take a JSON body (Content-Type: application/json).');
  }
  let text: string;
  try {
    text = await readBody(request, MAX_BODY_BYTES);
  } catch (error) {
    const status = error instanceof BodyError ? error.status : 400;
    const message = error instanceof BodyError ? error.message : 'The request body was cut off.';
    return refuse(response, status, message, { Connection: 'close' });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(response, 400, 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return refuse(response, 400, 'The request body must be a JSON object: { "args": … }.');
  }
  const args = (body as { args?: unknown }).args;

  // When the caller goes away (tab closed, request aborted), the bridge stops the work.
  const controller = new AbortController();
  const onClose = () => {
    if (!response.writableFinished) controller.abort();
  };
  response.on('close', onClose);

  let result: Result<unknown, BridgeError>;
  try {
    result = await dispatcher.call(method, args, controller.signal);
  } catch (error) {
    // The dispatcher promises never to reject; if it does, that is a bug, reported without
    // its text (which might hold a secret).
    log(`bridge call ${method} threw: ${error instanceof Error ? error.name : typeof error}`);
    result = internalResult();
  }
  if (controller.signal.aborted || response.destroyed) return;
  try {
    sendJsonText(response, 200, resultJson(result));
  } catch {
    // A value JSON cannot encode (a BigInt, a cycle): a bug in the handler, not the caller's.
    log(`bridge call ${method} answered a value JSON cannot encode`);
    sendJson(response, 200, internalResult());
  } finally {
    response.off('close', onClose);
  }
}
