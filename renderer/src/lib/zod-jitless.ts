/**
 * Zod compiles fast object parsers with `new Function` unless told not to, and first probes
 * whether it may (`new Function("")` in a try): under the console's CSP (no 'unsafe-eval')
 * the probe is refused and Chromium logs a script-src violation on every start. Jitless mode
 * skips both; the schemas the renderer parses are small, so the speed does not matter here.
 * Imported first by main.tsx, before any module builds a schema (zod reads the setting when
 * a schema is made).
 */
import { config } from 'zod';

config({ jitless: true });
