/**
 * `node --import ./with-stand-in.mjs …`: `electron` means electron-stand-in.cjs, for ES module
 * imports (a resolution hook) and for CommonJS require() in packages such as electron-log.
 */
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';

const standIn = new URL('./electron-stand-in.cjs', import.meta.url);
register('./resolve-electron.mjs', import.meta.url, { data: standIn.href });
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveElectron(request, ...rest) {
  return request === 'electron'
    ? fileURLToPath(standIn)
    : resolveFilename.call(this, request, ...rest);
};
