export * from './arg-schemas';
export * from './bridge-contract';
export * from './bridge-error';
export * from './printing-settings';
export * from './printing-values';
export * from './settings-schema';
export * from './url-policy';
export * from './values';
