/** Module resolution hook (node:module register): `electron` resolves to the stand-in. */
let standIn;

export function initialize(url) {
  standIn = url;
}

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: standIn, format: 'commonjs', shortCircuit: true };
  return next(specifier, context);
}
