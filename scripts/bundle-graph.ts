/**
 * Reading esbuild's metafile of a split bundle: which output files, source modules and npm
 * packages loading one entry brings in. A dynamic `import()` is a separate load (it happens
 * when the code asks), so only static imports are followed.
 */
import { builtinModules } from 'node:module';
import type { Metafile } from 'esbuild';

export interface LoadedGraph {
  /** The output files loaded, the entry first. */
  outputs: string[];
  /** The source modules those outputs hold (paths as in the metafile: relative to the project). */
  inputs: string[];
  /** The npm packages (names, not paths) they import, built-ins left out. */
  packages: string[];
}

const builtins = new Set(builtinModules);

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; undefined for a built-in module. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || builtins.has(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The output built for `entryPoint` (a source path as the metafile writes it). */
export function outputOf(metafile: Metafile, entryPoint: string): string {
  const found = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === entryPoint);
  if (!found) throw new Error(`No output of the build has ${entryPoint} as its entry.`);
  return found[0];
}

/** What loading `output` loads: it and every output it imports statically, transitively. */
export function staticGraph(metafile: Metafile, output: string): LoadedGraph {
  const outputs: string[] = [];
  const inputs = new Set<string>();
  const packages = new Set<string>();
  const visit = (name: string) => {
    if (outputs.includes(name)) return;
    const file = metafile.outputs[name];
    if (!file) throw new Error(`${name} is not an output of the build.`);
    outputs.push(name);
    for (const input of Object.keys(file.inputs)) inputs.add(input);
    for (const { path, kind, external } of file.imports) {
      if (kind === 'dynamic-import') continue;
      if (!external) visit(path);
      else {
        const pkg = packageOf(path);
        if (pkg) packages.add(pkg);
      }
    }
  };
  visit(output);
  return { outputs, inputs: [...inputs].sort(), packages: [...packages].sort() };
}
