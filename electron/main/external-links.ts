/**
 * Which links may leave the app for the person's own browser (`shell.openExternal`). The
 * operating system hands the URL to whatever handles its scheme, so a link the page controls
 * could otherwise start programs (`file:`, `smb:`, custom schemes) or carry a phishing host.
 * Only https, only to an allowlisted domain or its subdomains, no credentials, no IP
 * addresses, default port, and the URL *as parsed* is what gets opened (never the raw text).
 */

export type ExternalVerdict = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Domains the console links to: the carriers' tracking pages (tracking_url of shipments),
 * the storefront admin (movement sources), and `example`, the reserved top-level domain the
 * sandbox's data uses (RFC 2606: it never resolves to anybody's site).
 */
export const DEFAULT_EXTERNAL_DOMAINS: readonly string[] = Object.freeze([
  'ups.com',
  'fedex.com',
  'usps.com',
  'dhl.com',
  'dhl.de',
  'royalmail.com',
  'canadapost-postescanada.ca',
  'auspost.com.au',
  'admin.shopify.com',
  'example',
]);

const MAX_LENGTH = 2048;
// Control characters and whitespace: browsers strip some of them silently when parsing, which
// is how `java\tscript:` and friends sneak past naive checks. Refuse the text outright.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is refused.
const UNSAFE_TEXT = /[\u0000-\u0020\u007f-\u00a0\u2028\u2029\\]/;

export function checkExternalUrl(
  raw: unknown,
  domains: readonly string[] = DEFAULT_EXTERNAL_DOMAINS,
): ExternalVerdict {
  if (typeof raw !== 'string' || raw.length === 0) return refuse('no address');
  if (raw.length > MAX_LENGTH) return refuse('the address is too long');
  if (UNSAFE_TEXT.test(raw)) return refuse('the address contains spaces or control characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not a web address');
  }
  if (url.protocol !== 'https:') return refuse(`${url.protocol} links are not opened`);
  // The raw text must say https:// itself: `https:evil.example` parses, but is not what a
  // person reading the link sees.
  if (!raw.toLowerCase().startsWith('https://')) return refuse('not a plain https:// address');
  if (url.username !== '' || url.password !== '') {
    return refuse('the address carries a user name or password');
  }
  if (url.port !== '') return refuse('the address names a port');
  const host = url.hostname;
  if (isIpAddress(host)) return refuse('the address is an IP address, not a named site');
  if (!isAllowedHost(host, domains)) return refuse(`${host} is not on the list of known sites`);
  return { ok: true, url: url.href };
}

/** True when `host` is one of `domains` or a subdomain of one (on a dot boundary). */
export function isAllowedHost(host: string, domains: readonly string[]): boolean {
  // URL has already lower-cased the host and turned Unicode into punycode (xn--), so a
  // homoglyph such as "uрs.com" (Cyrillic р) is a different ASCII name and matches nothing.
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name === '' || name.includes('..')) return false;
  return domains.some((domain) => {
    const d = domain.toLowerCase();
    return name === d || name.endsWith(`.${d}`);
  });
}

function isIpAddress(host: string): boolean {
  return host.startsWith('[') || /^[\d.]+$/.test(host) || /^0x/i.test(host);
}

function refuse(reason: string): ExternalVerdict {
  return { ok: false, reason };
}
