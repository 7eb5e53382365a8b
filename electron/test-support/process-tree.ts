/**
 * Reading processes as another process of the same user can (Linux /proc): a process and
 * everything it started, the environment each one was started with, and the processes that
 * carry a marker variable. The key tests read what an attacker on the machine would read; the
 * test command finds what a run left running.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line, arguments joined by spaces. */
  command: string;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    // The process ended while we looked, or is not ours to read.
    return undefined;
  }
}

/** The direct children of `pid`, from every one of its threads (Worker threads spawn too). */
export function childPids(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = new Set<number>();
  for (const task of tasks) {
    const text = read(`/proc/${pid}/task/${task}/children`) ?? '';
    for (const word of text.split(/\s+/)) if (word) children.add(Number(word));
  }
  return [...children];
}

/** `pid` and every process below it, parents before children. */
export function processTree(pid: number): number[] {
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) tree.push(...childPids(tree[i]!));
  return tree;
}

/**
 * The environment `pid` was started with, as /proc shows it to any process of the user:
 * deleting a variable from process.env later does not change it. Undefined once it ended.
 */
export function environOf(pid: number): string | undefined {
  return read(`/proc/${pid}/environ`);
}

export function describeProcess(pid: number): ProcessInfo | undefined {
  const stat = read(`/proc/${pid}/stat`);
  const cmdline = read(`/proc/${pid}/cmdline`);
  if (stat === undefined || cmdline === undefined) return undefined;
  // The name in parentheses may hold spaces and parentheses: the fields after the last ')'.
  const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  const command = cmdline.split('\0').filter(Boolean).join(' ') || stat.slice(stat.indexOf('('));
  return { pid, ppid, command };
}

/** The program a process runs (/proc/PID/exe), or undefined. */
export function executableOf(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
}

/** Every live process (but `except`) whose environment holds `name=value`. */
export function processesWithVariable(
  name: string,
  value: string,
  except: readonly number[] = [process.pid],
): ProcessInfo[] {
  const entry = `${name}=${value}`;
  const found: ProcessInfo[] = [];
  for (const dir of readdirSync('/proc')) {
    if (!/^\d+$/.test(dir)) continue;
    const pid = Number(dir);
    if (except.includes(pid)) continue;
    const environ = environOf(pid);
    if (!environ?.split('\0').includes(entry)) continue;
    const info = describeProcess(pid);
    if (info) found.push(info);
  }
  return found;
}
