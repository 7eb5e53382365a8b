/**
 * A stand-in for the `electron` module, so the main bundle can be imported under plain Node
 * (there is no Electron binary here) to time and weigh loading its modules. It answers what
 * main.ts and its imports call while they load — paths and names as strings, the single
 * instance lock as held — and `app.whenReady()` never settles, so nothing starts: only the
 * modules' own top-level code runs, as it does before Electron is ready. Anything else is an
 * inert object that accepts any call.
 */
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const home = mkdtempSync(join(tmpdir(), 'packbench-main-start-'));

function inert(name) {
  return new Proxy(function standIn() {}, {
    get(_target, key) {
      if (key === 'then') return undefined; // not a promise
      if (key === Symbol.toPrimitive) return () => `[electron stand-in: ${name}]`;
      return inert(`${name}.${String(key)}`);
    },
    apply: () => inert(`${name}()`),
    construct: () => inert(`new ${name}`),
  });
}

const appValues = {
  getPath: (which) => join(home, which),
  setPath: () => {},
  getName: () => 'Packbench',
  setName: () => {},
  getVersion: () => '0.0.0',
  getAppPath: () => home,
  getLocale: () => 'en-GB',
  isPackaged: false,
  isReady: () => false,
  whenReady: () => new Promise(() => {}),
  requestSingleInstanceLock: () => true,
  on: () => app,
  once: () => app,
};
const app = new Proxy(appValues, {
  get: (target, key) => (key in target ? target[key] : inert(`app.${String(key)}`)),
});

const BrowserWindow = inert('BrowserWindow');
const dialog = inert('dialog');
const ipcMain = inert('ipcMain');
const Menu = inert('Menu');
const nativeTheme = inert('nativeTheme');
const net = inert('net');
const powerMonitor = inert('powerMonitor');
const protocol = inert('protocol');
const safeStorage = inert('safeStorage');
const screen = inert('screen');
const session = inert('session');
const shell = inert('shell');
const utilityProcess = inert('utilityProcess');
const webContents = inert('webContents');

// The main process's modules (not the renderer's: electron-log, for one, looks for ipcRenderer
// to tell where it runs). Listed one by one so that Node sees the names an ES module imports.
module.exports = {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeTheme,
  net,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  utilityProcess,
  webContents,
};
