/**
 * The window never leaves the app: every navigation away from `app://packbench` and every
 * window.open is refused. A link to a known https site (a carrier's tracking page) opens in
 * the person's browser instead, through the external-link allowlist. The decisions are pure;
 * `guardWebContents` wires them to a webContents (a fake one in unit tests).
 */
import type { WebContents } from 'electron';
import { isTrustedSenderUrl } from '../security/sender-check';
import { checkExternalUrl, DEFAULT_EXTERNAL_DOMAINS } from './external-links';

export type NavigationDecision =
  | { action: 'allow' }
  | { action: 'open-external'; url: string }
  | { action: 'deny'; reason: string };

/** A navigation of the window itself (link click, location change, redirect). */
export function decideNavigation(
  url: string,
  domains: readonly string[] = DEFAULT_EXTERNAL_DOMAINS,
): NavigationDecision {
  if (isTrustedSenderUrl(url)) return { action: 'allow' };
  return toBrowser(url, domains);
}

/** A request for a new window: never granted; an allowlisted link opens in the browser. */
export function decideWindowOpen(
  url: string,
  domains: readonly string[] = DEFAULT_EXTERNAL_DOMAINS,
): LeaveDecision {
  return toBrowser(url, domains);
}

type LeaveDecision = Exclude<NavigationDecision, { action: 'allow' }>;

function toBrowser(url: string, domains: readonly string[]): LeaveDecision {
  const verdict = checkExternalUrl(url, domains);
  if (verdict.ok) return { action: 'open-external', url: verdict.url };
  return { action: 'deny', reason: verdict.reason };
}

/** What the guards need of a webContents. */
export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export interface GuardOptions {
  openExternal: (url: string) => Promise<void> | void;
  log: (line: string) => void;
  domains?: readonly string[];
}

interface PreventableEvent {
  preventDefault(): void;
}

/**
 * Installs the guards on one webContents. Called for every webContents the app creates
 * (app 'web-contents-created'), so a window made by any future code is guarded as well.
 */
export function guardWebContents(contents: GuardedContents, options: GuardOptions): void {
  const domains = options.domains ?? DEFAULT_EXTERNAL_DOMAINS;
  // electronegativity: OPEN_EXTERNAL_JS_CHECK — `url` here is only ever the output of
  // checkExternalUrl (https, allowlisted host, no credentials, re-serialised by URL).
  const open = (url: string) => {
    Promise.resolve(options.openExternal(url)).catch((error: unknown) => {
      options.log(`could not open ${url} in the browser: ${String(error)}`);
    });
  };
  const onNavigate = (event: PreventableEvent, url: string) => {
    const decision = decideNavigation(url, domains);
    if (decision.action === 'allow') return;
    event.preventDefault();
    if (decision.action === 'open-external') open(decision.url);
    else options.log(`navigation refused (${decision.reason}): ${shorten(url)}`);
  };
  // will-navigate: links and location changes; will-redirect: server redirects (our protocol
  // never redirects, so any redirect is someone else's).
  const on = contents.on.bind(contents) as (
    name: string,
    listener: (event: PreventableEvent, url: string) => void,
  ) => void;
  on('will-navigate', onNavigate);
  on('will-redirect', onNavigate);
  // <webview> can load anything with its own preferences: the app has none, so none may attach.
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    options.log('a <webview> was refused');
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url, domains);
    if (decision.action === 'open-external') open(decision.url);
    else options.log(`new window refused (${decision.reason}): ${shorten(url)}`);
    return { action: 'deny' };
  });
}

function shorten(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}
