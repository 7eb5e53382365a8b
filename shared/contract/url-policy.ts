/**
 * Which API base URLs the console will talk to: https anywhere, plain http only to a loopback
 * address (the sandbox). Checked before any request is sent, so a key never travels in clear
 * text to another machine. Pure, for both processes.
 */
export type BaseUrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host)) return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!v4) return false;
  return v4.slice(1).every((n) => Number(n) <= 255);
}

/** Normalises a base URL (no trailing slash, no path beyond the base) or says why not. */
export function checkBaseUrl(raw: string): BaseUrlVerdict {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return {
      ok: false,
      reason: 'This is not a web address (it should look like https://api.example.com).',
    };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'The address must not contain a user name or password.' };
  }
  if (url.search || url.hash) {
    return { ok: false, reason: 'The address must not contain a query (?) or fragment (#).' };
  }
  if (url.protocol === 'https:') return { ok: true, url: stripSlash(url) };
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname))
    return { ok: true, url: stripSlash(url) };
  if (url.protocol === 'http:') {
    return {
      ok: false,
      reason:
        'The address must start with https:// (plain http is allowed only for this computer, e.g. the sandbox).',
    };
  }
  return {
    ok: false,
    reason: `Addresses starting with ${url.protocol}// are not supported; use https://.`,
  };
}

function stripSlash(url: URL): string {
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
