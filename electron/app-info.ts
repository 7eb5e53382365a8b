/** Name and version the main process reports (User-Agent, about box, crash reports). */
export const APP_NAME = 'Packbench';
export const APP_VERSION = '0.1.0';
