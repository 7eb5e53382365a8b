/**
 * What the ui-grids profiles (ui-grids-profile.ts, ui-grids-scroll-profile.ts) share: a
 * Chromium CPU profile summarised by self and total time per function, mapped to the
 * renderer's sources through the build's source maps; a process's CPU from /proc; and the
 * renderer main thread's CPU from the Performance domain's metrics.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { CDPSession } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '..');

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, TraceMap | null>();
export function mapFrame(frame: ProfileNode['callFrame']): string {
  const file = /\/assets\/([^/?#]+\.js)/.exec(frame.url)?.[1];
  const name = frame.functionName || '(anonymous)';
  if (!file) return `${name} ${frame.url ? frame.url.replace(/^.*\//, '') : ''}`.trim();
  if (!maps.has(file)) {
    try {
      const raw = readFileSync(join(ROOT, 'dist', 'renderer', 'assets', `${file}.map`), 'utf8');
      maps.set(file, new TraceMap(raw));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  if (!map || frame.lineNumber < 0) return `${name} ${file}`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = at.source?.replace(/^.*node_modules\//, '~').replace(/^(\.\.\/)+/, '') ?? file;
  return `${at.name ?? name} ${source}:${at.line}`;
}

/** Self and total (inclusive) ms per mapped function. */
export function summarise(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let all = 0;
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const id = profile.samples[i] as number;
    const node = byId.get(id);
    if (!node) continue;
    const leaf = node.callFrame.functionName;
    if (leaf === '(idle)' || leaf === '(program)') {
      if (leaf === '(idle)') idle += dt;
    }
    all += dt;
    const key = mapFrame(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = mapFrame((byId.get(at) as ProfileNode).callFrame);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  }
  const list = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `    ${v.toFixed(1).padStart(8)} ms  ${k}`)
      .join('\n');
  return `  sampled ${all.toFixed(0)} ms, idle ${idle.toFixed(0)} ms\n  self:\n${list(self)}\n  total:\n${list(total)}`;
}

/** CPU ms used so far by the processes `match` picks by pid and command line (from /proc). */
export function processCpuMs(match: (pid: number, cmd: string) => boolean): number {
  const tick = 100; // USER_HZ on Linux
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!match(Number(pid), cmd)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
    } catch {
      // gone meanwhile
    }
  }
  return ms;
}

export async function rendererCpu(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: { name: string; value: number }[];
  };
  const out: Record<string, number> = {};
  for (const m of metrics)
    if (/Duration$/.test(m.name) || m.name === 'ThreadTime') out[m.name] = m.value * 1000;
  return out;
}
