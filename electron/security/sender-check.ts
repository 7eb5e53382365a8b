/**
 * Who may call the bridge over IPC: only frames showing the app's own page. A pure function
 * (Actual Budget's pattern) so every hostile shape below is a unit test, not a hope.
 *
 * Why not compare `new URL(url).origin`: for a custom scheme such as `app:` Node and Chromium
 * report the origin as the string "null", which every opaque origin (data:, about:blank,
 * sandboxed iframes) shares. So the scheme and host are compared explicitly, and the raw text
 * must also start with the app origin followed by a path, query or fragment, so that parser
 * quirks (user info, ports, lookalike hosts, stray whitespace) cannot slip through.
 */

export const APP_ORIGIN = 'app://packbench';

/** Frame URLs are short; anything past this is not our page and not worth parsing. */
const MAX_URL_LENGTH = 8192;

export function isTrustedSenderUrl(url: string | undefined, appOrigin = APP_ORIGIN): boolean {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_URL_LENGTH) return false;
  const expected = parseOrigin(appOrigin);
  if (!expected) return false;

  // The raw text: exactly the origin, then nothing or a path / query / fragment.
  if (!url.startsWith(appOrigin)) return false;
  const next = url.charAt(appOrigin.length);
  if (next !== '' && next !== '/' && next !== '?' && next !== '#') return false;

  // And the parsed form agrees: same scheme, same host (and port), no credentials.
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === expected.protocol &&
    parsed.host === expected.host &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/** `scheme://host[:port]` and nothing else, or null (then nothing is trusted: fail closed). */
function parseOrigin(origin: string): { protocol: string; host: string } | null {
  if (typeof origin !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/[^/?#@\s]+$/.test(origin)) {
    return null;
  }
  try {
    const parsed = new URL(origin);
    if (parsed.host === '' || parsed.username !== '' || parsed.password !== '') return null;
    // The origin as written must be the canonical one (lower case, no default port), or the
    // raw-prefix check above would compare against a spelling Chromium never produces.
    if (`${parsed.protocol}//${parsed.host}` !== origin) return null;
    return { protocol: parsed.protocol, host: parsed.host };
  } catch {
    return null;
  }
}
