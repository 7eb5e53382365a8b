export {
  type BrowserHost,
  type BrowserHostOptions,
  startBrowserHost,
} from './start-browser-host';
