/**
 * One sandbox per test file, over real HTTP on 127.0.0.1 and a free port, with helpers that
 * send the key the way a client would.
 */
import { afterAll, beforeAll } from 'vitest';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../server/start';

export const TEST_KEY = 'test-key';
/** A fixed `now`, so tests do not depend on the day they run. */
export const TEST_NOW = new Date('2026-11-22T00:00:00Z');

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  contentType: string | null;
  body: T;
  bytes: Buffer;
}

export interface Client {
  sandbox: () => RunningSandbox;
  url: (path: string) => string;
  get<T = unknown>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  post<T = unknown>(
    path: string,
    body: unknown,
    headers?: Record<string, string>,
  ): Promise<ApiResponse<T>>;
  request<T = unknown>(path: string, init: RequestInit): Promise<ApiResponse<T>>;
}

/** Starts a sandbox before the file's tests and stops it after. Rate limit off by default. */
export function startSandboxForFile(options: SandboxOptions = {}): Client {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ keys: [TEST_KEY], rate: 0, now: TEST_NOW, ...options });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const current = () => {
    if (!sandbox) throw new Error('The sandbox is not running yet.');
    return sandbox;
  };
  const url = (path: string) => (path.startsWith('http') ? path : `${current().url}${path}`);
  const request = async <T>(path: string, init: RequestInit): Promise<ApiResponse<T>> => {
    const headers = new Headers(init.headers);
    if (!headers.has('x-api-key') && !headers.has('authorization'))
      headers.set('X-API-Key', TEST_KEY);
    const response = await fetch(url(path), { ...init, headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type');
    let body: unknown = bytes;
    if (contentType?.includes('json')) body = JSON.parse(bytes.toString('utf8'));
    else if (contentType?.startsWith('text/')) body = bytes.toString('utf8');
    return {
      status: response.status,
      headers: response.headers,
      contentType,
      body: body as T,
      bytes,
    };
  };
  return {
    sandbox: current,
    url,
    request,
    get: (path, headers) => request(path, { headers }),
    post: (path, body, headers) =>
      request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
  };
}

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Every item of a paginated list, following `next` as the spec says. */
export async function fetchAll<T>(client: Client, path: string): Promise<T[]> {
  const items: T[] = [];
  let next: string | null = path;
  while (next) {
    const page: ApiResponse<Paginated<T>> = await client.get<Paginated<T>>(next);
    if (page.status !== 200) throw new Error(`${next}: HTTP ${page.status}`);
    items.push(...page.body.results);
    next = page.body.next;
  }
  return items;
}
