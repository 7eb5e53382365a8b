/**
 * submitToCups and listCupsPrinters against fake `lp` and `lpstat` scripts put first on PATH:
 * they record their argv (NUL-separated) and answer like CUPS 2.4 does, so the argument handling
 * and error mapping are proven without a scheduler.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CupsRunOptions } from './cups-exec';
import { listCupsPrinters } from './cups-printers';
import { type LpJob, submitToCups } from './cups-submit';
import { LP_4X6_LABEL_OPTIONS } from './test-support/lp-label-options';
import { printFailureOf } from './test-support/print-failure-of';

const bin = mkdtempSync(join(tmpdir(), 'packbench-fake-cups-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

// Each fake prints FAKE_<TOOL>_OUT to stdout and FAKE_<TOOL>_ERR to stderr, exits with
// FAKE_<TOOL>_CODE, and appends its argv to FAKE_LOG. Single-quoted heredoc: no expansion here.
for (const tool of ['lp', 'lpstat']) {
  const upper = tool.toUpperCase();
  const path = join(bin, tool);
  writeFileSync(
    path,
    `#!/bin/sh
printf '%s\\0' "${tool}" "$@" >> "$FAKE_LOG"; printf '\\n' >> "$FAKE_LOG"
[ -n "$FAKE_${upper}_HANG" ] && exec sleep 60
[ -n "$FAKE_${upper}_OUT" ] && printf '%s\\n' "$FAKE_${upper}_OUT"
[ -n "$FAKE_${upper}_ERR" ] && printf '%s\\n' "$FAKE_${upper}_ERR" >&2
echo "LANG=$LANG LC_ALL=$LC_ALL CUPS_SERVER=$CUPS_SERVER" >> "$FAKE_LOG.env"
exit "\${FAKE_${upper}_CODE:-0}"
`,
  );
  chmodSync(path, 0o755);
}

let run = 0;
function fakeEnv(extra: Record<string, string>) {
  run += 1;
  const log = join(bin, `log-${run}`);
  writeFileSync(log, '');
  return {
    log,
    calls: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\0').slice(0, -1)),
    envLines: () => readFileSync(`${log}.env`, 'utf8'),
    env: {
      PATH: `${bin}:${process.env.PATH}`,
      FAKE_LOG: log,
      CUPS_SERVER: '/tmp/x.sock',
      ...extra,
    },
  };
}

/** A job as most of these tests send it; each test changes only what it is about. */
const ZEBRA_JOB: LpJob = { printer: 'Zebra-2', file: '/tmp/a', title: 't', copies: 1 };

/** Submits ZEBRA_JOB (with `job`'s changes) while the fakes answer `answers`; it must fail. */
async function lpFails(
  answers: Record<string, string>,
  job: Partial<LpJob> = {},
  options: CupsRunOptions = {},
) {
  const fake = fakeEnv(answers);
  const failure = await printFailureOf(
    submitToCups({ ...ZEBRA_JOB, ...job }, { env: fake.env, ...options }),
  );
  return { fake, failure };
}

const HOSTILE_TITLE = `Order "1001" ; it's $(touch /tmp/pwned) \`id\` & | > x`;
const HOSTILE_PRINTER = `Zebra 2"; rm -rf ~; $(reboot)`;

describe('submitToCups with a fake lp', () => {
  it('passes hostile printer names, titles and file names as plain arguments', async () => {
    const fake = fakeEnv({ FAKE_LP_OUT: 'request id is Zebra-12 (1 file(s))' });
    const file = '/tmp/label $(id) ;x.pdf';
    const result = await submitToCups(
      { printer: HOSTILE_PRINTER, file, title: HOSTILE_TITLE, copies: 3, media: 'w288h432' },
      { env: fake.env },
    );
    expect(result).toEqual({ jobId: 'Zebra-12' });
    expect(fake.calls()).toEqual([
      [
        'lp',
        '-d',
        HOSTILE_PRINTER,
        '-n',
        '3',
        '-t',
        HOSTILE_TITLE,
        ...LP_4X6_LABEL_OPTIONS,
        '--',
        file,
      ],
    ]);
    // The C locale for parseable messages, and CUPS_SERVER passed through.
    expect(fake.envLines()).toContain('LANG=C LC_ALL=C CUPS_SERVER=/tmp/x.sock');
  });

  it('names a missing printer when the scheduler runs', async () => {
    const { fake, failure } = await lpFails({
      FAKE_LP_ERR: 'lp: Error - The printer or class does not exist.',
      FAKE_LP_CODE: '1',
      FAKE_LPSTAT_OUT: 'scheduler is running',
    });
    expect(failure).toMatchObject({
      kind: 'printer-missing',
      message: '“Zebra-2” does not exist on this computer.',
    });
    expect(fake.calls()[1]).toEqual(['lpstat', '-r']);
  });

  it('says CUPS is not running when lp claims the printer does not exist but cupsd is down', async () => {
    const { failure } = await lpFails({
      FAKE_LP_ERR: 'lp: Error - The printer or class does not exist.',
      FAKE_LP_CODE: '1',
      FAKE_LPSTAT_OUT: 'scheduler is not running',
    });
    expect(failure).toMatchObject({
      kind: 'cups-not-running',
      message: 'The print system (CUPS) is not running.',
    });
  });

  it('reports a queue that rejects jobs', async () => {
    const { failure } = await lpFails(
      {
        FAKE_LP_ERR: 'lp: Destination "Zebra-2" is not accepting jobs.',
        FAKE_LP_CODE: '1',
        FAKE_LPSTAT_OUT: 'scheduler is running',
      },
      { raw: true },
    );
    expect(failure).toMatchObject({
      kind: 'printer-not-accepting',
      message: 'Zebra-2 is not accepting jobs.',
    });
  });

  it('an lp that exits 0 without a job id has still submitted the job: no error, no resend', async () => {
    const fake = fakeEnv({ FAKE_LP_OUT: '' });
    await expect(submitToCups(ZEBRA_JOB, { env: fake.env })).resolves.toEqual({});
    expect(fake.calls()).toHaveLength(1);
  });

  it('an lp cut off by its deadline may have handed the job over: reached "maybe"', async () => {
    const { failure } = await lpFails({ FAKE_LP_HANG: '1' }, {}, { timeoutMs: 300 });
    expect(failure).toMatchObject({ kind: 'timeout', reached: 'maybe', transient: false });
    expect(failure.message).toBe(
      "The print system did not answer in time while handing the job to Zebra-2; CUPS may have it. Check the printer's queue before printing it again.",
    );
  });

  it('says so when lp is not installed', async () => {
    const failure = await printFailureOf(
      submitToCups(
        { printer: 'P', file: '/tmp/a', title: 't', copies: 1 },
        { env: { PATH: '/nonexistent' } },
      ),
    );
    expect(failure.kind).toBe('cups-not-installed');
  });
});

describe('listCupsPrinters with a fake lpstat', () => {
  it('combines lpstat -p -d and lpstat -a', async () => {
    // The fake answers both calls with the same text; each parser picks its own lines.
    const fake = fakeEnv({
      FAKE_LPSTAT_OUT: [
        'printer Packbench-PDF is idle.  enabled since Mon Nov 23 02:26:00 2026',
        'printer Packbench-Zebra disabled since Mon Nov 23 02:26:00 2026 -',
        '\tRejecting Jobs',
        'system default destination: Packbench-PDF',
        'Packbench-PDF accepting requests since Mon Nov 23 02:26:00 2026',
        'Packbench-Zebra not accepting requests since Mon Nov 23 02:26:00 2026 -',
      ].join('\n'),
    });
    expect(await listCupsPrinters({ env: fake.env })).toEqual([
      { name: 'Packbench-PDF', state: 'idle', accepting: true, isDefault: true },
      {
        name: 'Packbench-Zebra',
        state: 'disabled',
        accepting: false,
        isDefault: false,
        message: 'Rejecting Jobs',
      },
    ]);
    expect(fake.calls().map((c) => c.slice(1))).toEqual(
      expect.arrayContaining([['-p', '-d'], ['-a']]),
    );
  });

  it('returns an empty list when CUPS has no printers', async () => {
    const fake = fakeEnv({
      FAKE_LPSTAT_OUT: 'no system default destination',
      FAKE_LPSTAT_ERR: 'lpstat: No destinations added.',
      FAKE_LPSTAT_CODE: '1',
    });
    expect(await listCupsPrinters({ env: fake.env })).toEqual([]);
  });

  it('gives the typed reason when the scheduler is not running', async () => {
    const fake = fakeEnv({
      FAKE_LPSTAT_OUT: 'no system default destination',
      FAKE_LPSTAT_ERR: 'lpstat: Scheduler is not running.',
      FAKE_LPSTAT_CODE: '1',
    });
    const failure = await printFailureOf(listCupsPrinters({ env: fake.env }));
    expect(failure).toMatchObject({
      kind: 'cups-not-running',
      message: 'The print system (CUPS) is not running.',
    });
  });
});
