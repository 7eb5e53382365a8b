/**
 * The renderer's test files share one jsdom document per worker (vitest.config.ts: not
 * isolated, for speed). Testing Library's cleanup removes what `render` mounted; this also
 * empties whatever a file wrote into the document by hand, so the next file on the same worker
 * starts from an empty page whichever order the files run in.
 */
import { afterAll } from 'vitest';

afterAll(() => {
  if (typeof document !== 'undefined') document.body.replaceChildren();
});
