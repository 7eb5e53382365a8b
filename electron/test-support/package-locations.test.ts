import { describe, expect, it } from 'vitest';
import { withOwnLocation } from './package-locations';

const FILE = '/app/node_modules/write-file-atomic/lib/index.js';

describe('withOwnLocation', () => {
  it("writes a CommonJS file's own folder and name where it uses them", () => {
    const source = 'const tmp = join(__dirname, "x") + hash(__filename);';
    expect(withOwnLocation(FILE, source)).toBe(
      'const tmp = join("/app/node_modules/write-file-atomic/lib", "x") + hash("/app/node_modules/write-file-atomic/lib/index.js");',
    );
  });

  it('leaves properties and longer names of the same spelling alone', () => {
    const source = 'opts.__dirname; const my__dirname = 1; const __filenameX = 2; $__dirname;';
    expect(withOwnLocation(FILE, source)).toBe(source);
  });

  it("writes an ES module's own URL and folder for import.meta, and leaves its __dirname text", () => {
    const file = '/app/node_modules/pkg/index.mjs';
    expect(
      withOwnLocation(file, 'new URL("./w.js", import.meta.url); import.meta.dirname; __dirname'),
    ).toBe(
      'new URL("./w.js", "file:///app/node_modules/pkg/index.mjs"); "/app/node_modules/pkg"; __dirname',
    );
  });
});
