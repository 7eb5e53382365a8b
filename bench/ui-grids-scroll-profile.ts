/**
 * `npx tsx bench/ui-grids-scroll-profile.ts`: what a scroll frame of the Shipments grid costs
 * beside the bench's floor, the bare virtual list (ui-grids-bare.ts), as CPU rather than wall
 * clock, for a machine too loaded for the bench's frame times. The same set-up as
 * `npm run bench -- ui-grids` (a sandbox of its own, the console in browser mode, Chromium with
 * vsync off, the list whole), then rounds of the bench's scroll (340 px a frame) of the grid and
 * of the bare list in turn, each giving per frame:
 *
 * - the renderer main thread's CPU (`ThreadTime`) and its script, style and layout parts
 *   (the Performance domain's metrics), and
 * - the CPU of every Chromium process this run started (/proc: renderers, raster, viz), which
 *   is what paint and compositing add beyond the main thread;
 *
 * and the grid's ratio to the bare list for each. With BENCH_UI_PROFILE=1 the first round also
 * records a CPU profile of each side, summarised by function (ui-grids-cpu.ts);
 * BENCH_UI_PROFILE_DIR=dir keeps the `.cpuprofile` files. BENCH_UI_SCALE (77),
 * BENCH_UI_ROUNDS (3), BENCH_UI_SCROLL_FRAMES (300), BENCH_UI_BUSY=1 (a core busy throughout, as
 * in the bench's busy rounds); BENCH_UI_GRID_CSS='…' (or a JSON array of
 * sheets) adds a style sheet to the grid's page first (to try a style before changing the
 * code); a sheet starting `!nosheets` turns the page's own sheets off first (what they cost),
 * one starting `!nopseudo` drops ::before/::after/::backdrop from their universal rules.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { percentile } from './table';
import { type Profile, processCpuMs, rendererCpu, summarise } from './ui-grids-cpu';
import { openBareFloor } from './ui-grids-floor';
import { scrollFrames, timeOpen } from './ui-grids-page';
import { openGridRig } from './ui-grids-rig';
import { GRID, IDLE, SCROLLER } from './ui-grids-selectors';

const ROOT = resolve(import.meta.dirname, '..');
const SCALE = Number(process.env.BENCH_UI_SCALE ?? 77);
const ROUNDS = Number(process.env.BENCH_UI_ROUNDS ?? 3);
const FRAMES = Number(process.env.BENCH_UI_SCROLL_FRAMES ?? 300);
const PROFILE = process.env.BENCH_UI_PROFILE === '1';
const OUT = process.env.BENCH_UI_PROFILE_DIR;
const STEP = 340;
/** BENCH_UI_BUSY=1: one other process busy on one core through the rounds, as the bench's. */
const BUSY = process.env.BENCH_UI_BUSY === '1';
const ROW = `${GRID} [role="row"][data-shipment-id]`;

/** Every process descended from this one whose command line is Chromium's. */
function chromiumPids(): Set<number> {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const dir of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${dir}/stat`, 'utf8');
      parents.set(Number(dir), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      commands.set(Number(dir), readFileSync(`/proc/${dir}/cmdline`, 'utf8'));
    } catch {
      // gone meanwhile
    }
  }
  const mine = new Set<number>();
  for (const [pid, command] of commands) {
    if (!command.includes('chromium')) continue;
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) {
      if (at === process.pid) {
        mine.add(pid);
        break;
      }
    }
  }
  return mine;
}

/** CPU ms of each Chromium thread of this run, by process type and thread name. */
function threadCpu(pids: Set<number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of pids) {
    try {
      const type =
        /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser';
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const key = `${type}/${name}`;
        out.set(key, (out.get(key) ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10);
      }
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

interface Side {
  name: string;
  page: Page;
  cdp: CDPSession;
  selector: string;
}

interface Sample {
  perFrame: Record<string, number>;
  p50: number;
  p95: number;
}

async function measure(side: Side, round: number): Promise<Sample> {
  const pids = chromiumPids();
  const browserCpu = () => processCpuMs((pid) => pids.has(pid));
  const before = await rendererCpu(side.cdp);
  const cpuBefore = browserCpu();
  const threadsBefore = threadCpu(pids);
  // The page scrolled in front, as the bench does (ui-grids-floor.ts says why).
  await side.page.bringToFront();
  const profiling = PROFILE && round === 0;
  if (profiling) await side.cdp.send('Profiler.start');
  const frames = await side.page.evaluate(scrollFrames, {
    selector: side.selector,
    step: STEP,
    frames: FRAMES,
  });
  const profile = profiling
    ? ((await side.cdp.send('Profiler.stop')) as { profile: Profile }).profile
    : undefined;
  const after = await rendererCpu(side.cdp);
  const threads = [...threadCpu(pids)]
    .map(([k, v]) => [k, (v - (threadsBefore.get(k) ?? 0)) / frames.length] as const)
    .filter(([, v]) => v >= 0.5)
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `  ${side.name} threads, ms/frame: ${threads.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`,
  );
  const per = (ms: number) => ms / frames.length;
  const delta = (k: string) => per((after[k] ?? 0) - (before[k] ?? 0));
  const sample: Sample = {
    perFrame: {
      thread: delta('ThreadTime'),
      script: delta('ScriptDuration'),
      style: delta('RecalcStyleDuration'),
      layout: delta('LayoutDuration'),
      chromium: per(browserCpu() - cpuBefore),
    },
    p50: percentile(frames, 50),
    p95: percentile(frames, 95),
  };
  if (profile) {
    console.log(`\n== ${side.name} scroll profile\n${summarise(profile, 30)}`);
    if (OUT) writeFileSync(join(OUT, `scroll-${side.name}.cpuprofile`), JSON.stringify(profile));
  }
  return sample;
}

/** The mean of each figure over rounds. */
function mean(samples: Sample[]): Sample {
  const keys = Object.keys(samples[0]?.perFrame ?? {});
  const avg = (get: (s: Sample) => number) =>
    samples.reduce((a, s) => a + get(s), 0) / samples.length;
  return {
    perFrame: Object.fromEntries(keys.map((k) => [k, avg((s) => s.perFrame[k] ?? 0)])),
    p50: avg((s) => s.p50),
    p95: avg((s) => s.p95),
  };
}

function ratios(a: Sample, b: Sample): string {
  const parts = Object.keys(a.perFrame).map(
    (k) => `${k} ${((a.perFrame[k] ?? 0) / (b.perFrame[k] || Number.NaN)).toFixed(2)}`,
  );
  return `${parts.join(', ')}, p50 ${(a.p50 / b.p50).toFixed(2)}, p95 ${(a.p95 / b.p95).toFixed(2)}`;
}

const fixed = (n: number) => n.toFixed(2).padStart(6);

function line(name: string, s: Sample): string {
  const parts = Object.entries(s.perFrame).map(([k, v]) => `${k} ${fixed(v)}`);
  return `  ${name.padEnd(5)} ms/frame: ${parts.join(', ')}; frame p50 ${fixed(s.p50)}, p95 ${fixed(s.p95)}`;
}

async function main() {
  const { app, context, page, close } = await openGridRig(ROOT, SCALE);
  try {
    await page.evaluate(timeOpen, {
      click: 'nav[aria-label="Views"] a[href$="/shipments"]',
      first: ROW,
      all: `${IDLE}:has(${ROW})`,
    });
    const font = await page.evaluate(
      (cell) => getComputedStyle(document.querySelector(cell) as Element).font,
      `${GRID} [role="cell"]`,
    );
    const bare = await openBareFloor(context, app.url, font);
    const sides: Side[] = [
      { name: 'grid', page, cdp: await context.newCDPSession(page), selector: SCROLLER },
      {
        name: 'bare',
        page: bare.page,
        cdp: await context.newCDPSession(bare.page),
        selector: '#bare-scroller',
      },
    ];
    for (const side of sides) {
      await side.cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      await side.cdp.send('Profiler.enable');
      await side.cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await side.page.evaluate(scrollFrames, { selector: side.selector, step: STEP, frames: 30 });
    }
    console.log(`scale ${SCALE}, ${bare.rows} rows, ${FRAMES} frames of ${STEP} px a side a round`);
    // Experiments: style sheets tried on the grid's page in turn, each beside the code as it is
    // (e.g. a row's compositing). Constructed sheets: the console's style-src policy refuses an
    // inline <style>.
    const raw = process.env.BENCH_UI_GRID_CSS;
    const sheets = raw ? (raw.startsWith('["') ? (JSON.parse(raw) as string[]) : [raw]) : [];
    const variants = ['', ...sheets];
    const adopt = (text: string) =>
      page.evaluate(async (css) => {
        // '!minus:a,b': the page's own sheet again, adopted without these parts (a layer's
        // block by name, or 'property' for every @property rule), the page's sheets off.
        if (css.startsWith('!minus:')) {
          const parts = css.slice(7).split(',');
          const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
          let text = link ? await (await fetch(link.href)).text() : '';
          const cut = (start: number) => {
            let depth = 0;
            for (let i = text.indexOf('{', start); i < text.length; i++) {
              if (text[i] === '{') depth++;
              else if (text[i] === '}' && --depth === 0) return i + 1;
            }
            return text.length;
          };
          for (const part of parts) {
            const head = part === 'property' ? '@property' : `@layer ${part}{`;
            for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at))
              text = text.slice(0, at) + text.slice(cut(at));
          }
          for (const own of Array.from(document.styleSheets)) own.disabled = true;
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(text);
          document.adoptedStyleSheets = [sheet];
          return;
        }
        // '!nosheets …': the page's own sheets off, only the rest adopted (what they cost).
        const off = css.startsWith('!nosheets');
        for (const own of Array.from(document.styleSheets)) own.disabled = off;
        // '!nopseudo …': the page's universal rules no longer name ::before/::after/::backdrop.
        const held = globalThis as unknown as { pseudo?: [CSSStyleRule, string][] };
        for (const [rule, text] of held.pseudo ?? []) rule.selectorText = text;
        held.pseudo = [];
        const nopseudo = css.startsWith('!nopseudo');
        const walk = (rules: CSSRuleList) => {
          for (const rule of Array.from(rules)) {
            if (rule instanceof CSSStyleRule && /^\*,/.test(rule.selectorText)) {
              held.pseudo?.push([rule, rule.selectorText]);
              rule.selectorText = '*';
            } else if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
          }
        };
        if (nopseudo) for (const own of Array.from(document.styleSheets)) walk(own.cssRules);
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(off ? css.slice(9) : nopseudo ? css.slice(9) : css);
        document.adoptedStyleSheets = css === '' ? [] : [sheet];
      }, text);
    const busy = BUSY ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }) : null;
    const totals = new Map<string, Sample[]>();
    const keep = (name: string, s: Sample) => totals.set(name, [...(totals.get(name) ?? []), s]);
    for (let round = 0; round < ROUNDS; round++) {
      console.log(`\nround ${round + 1} (load ${loadavg()[0]?.toFixed(1)}):`);
      const floor = await measure(sides[1] as Side, round);
      keep('bare', floor);
      console.log(line('bare', floor));
      for (const [n, css] of variants.entries()) {
        await adopt(css);
        const name = n === 0 ? 'grid' : `grid+css${n}`;
        const grid = await measure({ ...(sides[0] as Side), name }, round);
        keep(name, grid);
        console.log(`${line(name, grid)}\n    ÷ bare: ${ratios(grid, floor)}`);
      }
    }
    const floorAll = totals.get('bare') ?? [];
    for (const [name, samples] of totals) {
      if (name === 'bare') continue;
      console.log(
        `\nall rounds, ${name} ÷ bare per frame: ${ratios(mean(samples), mean(floorAll))}`,
      );
    }
    for (const [n, css] of sheets.entries()) console.log(`css${n + 1}: ${css}`);
    busy?.kill('SIGKILL');
  } finally {
    await close();
  }
}

await main();
