/**
 * Where the renderer lives inside the app: `app://packbench/…`, a custom standard scheme
 * served from dist/renderer (never file://, whose pages share one opaque origin and may read
 * other local files). The origin is the one the IPC sender check already trusts.
 */
import { APP_ORIGIN } from '../security/sender-check';

export const APP_SCHEME = 'app';
export const APP_HOST = 'packbench';
export { APP_ORIGIN };

/** The console's entry page. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;
