/**
 * Calls a bridge method the way the page does in browser mode: POST /bridge/call/<method>
 * on the console's host, with the token from the URL the console printed ("…/#token=…").
 * For tests that start the real console as a process and talk to it over HTTP.
 */

/** The bridge's answer as JSON, read loosely: these tests check what they name. */
export interface ConsoleAnswer {
  ok: boolean;
  value?: unknown;
  error?: { code?: string; message: string };
}

export async function consoleCall(
  printedUrl: string,
  method: string,
  args: unknown,
): Promise<ConsoleAnswer> {
  const { origin, hash } = new URL(printedUrl);
  const response = await fetch(`${origin}/bridge/call/${method}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${hash.replace('#token=', '')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ args }),
  });
  return (await response.json()) as ConsoleAnswer;
}
