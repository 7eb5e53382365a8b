/**
 * Web permissions (camera, notifications, geolocation, USB, HID, serial…): denied unless named
 * here. A console for packing parcels needs none of them; the clipboard write that "copy
 * tracking number" uses is the one exception, and only for the app's own page. Barcode
 * scanners are keyboards to the page, so they need no device permission either.
 */
import type { Session } from 'electron';
import { isTrustedSenderUrl } from '../security/sender-check';

/** Permissions the app's own page may have; everything else is refused. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function decidePermission(permission: string, requestingUrl: string | undefined): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isTrustedSenderUrl(requestingUrl);
}

type PermissionSession = Pick<
  Session,
  'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
>;

/** Installs the deny-by-default handlers on a session. */
export function installPermissionHandlers(
  session: PermissionSession,
  log: (line: string) => void,
): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const url = details?.requestingUrl ?? contents?.getURL();
    const granted = decidePermission(permission, url);
    if (!granted) log(`permission refused: ${permission}`);
    callback(granted);
  });
  // Checks are the synchronous "do I have it?" questions (navigator.permissions, clipboard).
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    decidePermission(permission, requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
  // Screen capture needs a display-media handler to work at all; none is set, so it never does.
}
