/**
 * The browser host's session token arrives in the URL fragment (`#token=…`): browsers never
 * send fragments to servers, so it stays out of logs and Referer headers. The page takes it
 * at start, removes it from the address bar (so it is not shown, bookmarked or shared by
 * copy-paste) and keeps it in sessionStorage, so a reload of this tab still works while a new
 * tab must use the printed link.
 */

const STORAGE_KEY = 'packbench.sessionToken';
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

export function tokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token !== null && TOKEN.test(token) ? token : null;
}

/** The fragment with the token removed ('' when nothing else was in it). */
export function hashWithoutToken(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete('token');
  const rest = params.toString();
  return rest === '' ? '' : `#${rest}`;
}

export interface TokenEnvironment {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void };
  sessionStorage?: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
  };
}

export function takeSessionToken(env: TokenEnvironment): string | null {
  const fromHash = tokenFromHash(env.location.hash);
  if (fromHash !== null) {
    const { pathname, search, hash } = env.location;
    env.history.replaceState(
      env.history.state,
      '',
      `${pathname}${search}${hashWithoutToken(hash)}`,
    );
    try {
      env.sessionStorage?.setItem(STORAGE_KEY, fromHash);
    } catch {
      // Storage may be disabled; the token then lasts until the page is reloaded.
    }
    return fromHash;
  }
  try {
    const stored = env.sessionStorage?.getItem(STORAGE_KEY) ?? null;
    return stored !== null && TOKEN.test(stored) ? stored : null;
  } catch {
    return null;
  }
}
