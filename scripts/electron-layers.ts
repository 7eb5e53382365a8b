/**
 * Measures the main process's structure from its imports (type imports included, because a
 * type cycle ties files together as surely as a value one): the arrows that run back up the
 * layers (kernel → domains → main; a domain into another domain's files other than its
 * index.ts) and the import cycles among electron/'s production files (tests and test-support
 * left out). `npx tsx scripts/electron-layers.ts` prints both; exits 1 when either is not 0.
 * electron-layers.test.ts holds the count at 0; biome.json refuses the same arrows as you type.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LayerReport {
  files: number;
  /** "from → to: why" for each import that runs back up. */
  backArrows: string[];
  /** Each cycle's files (strongly connected components of more than one file). */
  cycles: string[][];
}

const SPEC =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function productionFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name === 'test-support' || name === 'fixtures' || name === 'node_modules') continue;
      out.push(...productionFiles(path));
    } else if (/\.(ts|mts)$/.test(name) && !/\.test\.ts$/.test(name) && !name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec.replace(/\.m?js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.mts`, join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Where a file stands: its layer, and for a domain its name. */
function place(path: string): { layer: 'kernel' | 'domain' | 'main' | 'other'; domain?: string } {
  const [top, second] = path.split('/');
  if (top === 'kernel') return { layer: 'kernel' };
  if (top === 'domains') return { layer: 'domain', domain: second };
  if (top === 'main') return { layer: 'main' };
  return { layer: 'other' };
}

/** Why the import from `a` to `b` (both relative to electron/) runs back up, or undefined. */
export function backArrow(a: string, b: string): string | undefined {
  const from = place(a);
  const to = place(b);
  if (from.layer === 'kernel' && (to.layer === 'domain' || to.layer === 'main'))
    return 'the kernel imports nothing above it';
  if (from.layer === 'domain' && to.layer === 'main') return 'a domain never imports main/';
  if (from.layer === 'domain' && to.layer === 'domain' && from.domain !== to.domain) {
    if (b !== `domains/${to.domain}/index.ts`)
      return "a domain imports only another domain's index.ts";
  }
  return undefined;
}

export function measureElectron(root: string): LayerReport {
  const electron = join(root, 'electron');
  const files = productionFiles(electron);
  const edges = new Map<string, Set<string>>();
  const backArrows: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(SPEC)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? '');
      if (!target?.startsWith(`${electron}/`)) continue;
      targets.add(target);
      const why = backArrow(relative(electron, file), relative(electron, target));
      if (why) backArrows.push(`${relative(root, file)} → ${relative(root, target)}: ${why}`);
    }
    edges.set(file, targets);
  }
  const cycles = stronglyConnected(edges)
    .filter((c) => c.length > 1)
    .map((c) => c.map((f) => relative(root, f)).sort());
  return { files: files.length, backArrows, cycles };
}

/** Tarjan's algorithm, iterative enough for a few hundred files. */
function stronglyConnected(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, order.get(w) ?? 0));
      }
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const v of edges.keys()) if (!order.has(v)) visit(v);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const report = measureElectron(root);
  console.log(`electron/: ${report.files} production files`);
  console.log(`arrows back up: ${report.backArrows.length}`);
  for (const line of report.backArrows) console.log(`  ${line}`);
  console.log(`import cycles (type imports included): ${report.cycles.length}`);
  for (const cycle of report.cycles) console.log(`  ${cycle.length} files: ${cycle.join(', ')}`);
  process.exitCode = report.backArrows.length + report.cycles.length === 0 ? 0 : 1;
}
