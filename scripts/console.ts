/**
 * `npm run console -- --browser [--port N] [--api-base URL]`: the logic lives in
 * electron/browser-host/console-main.ts, beside the host it starts.
 */
import { main } from '../electron/browser-host/console-main';

await main();
