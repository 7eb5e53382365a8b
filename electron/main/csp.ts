/**
 * The Content-Security-Policy of the app:// pages, sent as a response header by the protocol
 * handler (a header, not a <meta>, so it applies before the first byte of HTML is parsed and
 * covers frame-ancestors). Only what the Vite build emits: module scripts and stylesheets from
 * the app itself, no inline code, no eval. The renderer talks to the main process over IPC,
 * so it needs no network at all: connect-src is 'self' only for the app's own files.
 */

const DIRECTIVES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // React sets styles through the CSSOM, which CSP does not govern: no 'unsafe-inline'.
  'style-src': ["'self'"],
  // Label previews arrive as base64 from the bridge and are shown through data:/blob: URLs.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'none'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
});

// electronegativity: CSP_GLOBAL_CHECK reports "no CSP" because it looks only for <meta> tags
// and onHeadersReceived; this policy is a response header of every app:// answer instead.
export const APP_CSP: string = Object.entries(DIRECTIVES)
  .map(([name, sources]) => `${name} ${sources.join(' ')}`)
  .join('; ');

/** The other headers every app:// answer carries. */
export const APP_RESPONSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': APP_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
});

/** Parses a CSP string into directive → sources (for tests and the self-check at start). */
export function parseCsp(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/**
 * Whether a policy is strict enough for the app: a default, scripts from self only (no
 * inline, eval, wildcard or remote scheme), no plugins, no framing, no <base> hijack.
 */
export function isStrictCsp(policy: string): boolean {
  const csp = parseCsp(policy);
  const script = csp.get('script-src') ?? csp.get('default-src');
  if (!csp.has('default-src') || !script) return false;
  const loose = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:'];
  if (script.some((s) => loose.includes(s) || s.includes('*') || s === 'data:')) return false;
  const style = csp.get('style-src') ?? csp.get('default-src') ?? [];
  if (style.includes("'unsafe-inline'")) return false;
  return (
    csp.get('object-src')?.join(' ') === "'none'" &&
    csp.get('frame-ancestors')?.join(' ') === "'none'" &&
    csp.get('base-uri')?.join(' ') === "'none'"
  );
}
