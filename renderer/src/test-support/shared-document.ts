/**
 * The renderer's test files share one jsdom document per worker (vitest.config.ts: not
 * isolated, for speed). Whatever a test mounted is unmounted after it (Testing Library cleans
 * up by itself only with Vitest's globals on, and 11 suites did not call it): a hook left
 * mounted kept its queries running, and React's scheduler ran their renders after the file's
 * jsdom had gone ("window is not defined", an unhandled error that fails the whole run). This
 * also empties whatever a file wrote into the document by hand, so the next file on the same
 * worker starts from an empty page whichever order the files run in.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

afterEach(() => {
  if (typeof document !== 'undefined') cleanup();
});

afterAll(() => {
  if (typeof document !== 'undefined') document.body.replaceChildren();
});
